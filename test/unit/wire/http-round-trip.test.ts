/**
 * sendHttp's state machine on the edges the end-to-end tests do not reach: a body cut into chunks
 * anywhere, chunks that end like JSON before the body is whole, the size cap met exactly. The server
 * is a real one on 127.0.0.1 in this process; it writes without Content-Length, so every write
 * arrives as a chunk of its own (chunked transfer coding), whatever TCP does with it.
 */

import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Exchange, OutgoingMessage } from '../../../src/wire/exchange.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { listenOnLoopback } from '../../helpers/fake-servers.js';

/**
 * What the test server writes for the next request: its content type, its chunks, and whether it
 * ends the body, holds it open (false) or closes the connection in its middle ('cut', once the
 * chunks are written); with contentLength, the length it announces instead of chunked coding.
 */
interface Reply {
  contentType: string;
  chunks: Buffer[];
  end: boolean | 'cut';
  contentLength?: number;
}

let reply: Reply;
let url: string;
let closeServer: () => Promise<void>;
let connection: HttpConnection;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const length = reply.contentLength === undefined ? {} : { 'content-length': reply.contentLength };
      res.writeHead(200, { 'content-type': reply.contentType, ...length });
      const { chunks, end } = reply;
      chunks.forEach((chunk, i) => res.write(chunk, () => end === 'cut' && i === chunks.length - 1 && res.destroy()));
      if (end === true) res.end();
    });
  });
  const listening = await listenOnLoopback(server);
  url = `http://127.0.0.1:${listening.port}/mcp`;
  closeServer = listening.close;
});
afterAll(async () => closeServer());
afterEach(async () => connection?.close());

function open(maxResponseBytes = 1024 * 1024): HttpConnection {
  connection = new HttpConnection(url, { timeoutMs: 5_000, maxResponseBytes });
  return connection;
}

const request = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  awaitId: 1,
  ...over,
});

/** A caller waiting on a stream, answered with plain JSON instead (the server may then never end the body). */
const waitingOnStream = (): OutgoingMessage => request({ endWhen: () => false });

function send(contentType: string, chunks: Array<string | Buffer>, end: Reply['end'], message: OutgoingMessage): Promise<Exchange> {
  reply = { contentType, chunks: chunks.map((c) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c)), end };
  return connection.exchange(message);
}

/** Braces, brackets and quotes inside strings, an escaped backslash before a closing quote, multi-byte UTF-8. */
const RESULT = { a: 'x}"}', b: [']', { c: '\\' }, []], d: 'café ☕ 𝄞 {' };
const BODY = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: RESULT }), 'utf8');

function expectAnswered(exchange: Exchange): void {
  expect(exchange.error).toBeUndefined();
  expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 1, result: RESULT });
  expect(exchange.unparsable).toEqual([]);
  expect(exchange.bodyText).toBe(BODY.toString('utf8'));
}

describe('a JSON body in chunks', () => {
  it('reads the same wherever it is cut in two, ended by the server or held open by it', async () => {
    open();
    for (let cut = 1; cut < BODY.length; cut++) {
      const parts = [BODY.subarray(0, cut), BODY.subarray(cut)];
      expectAnswered(await send('application/json', parts, true, request()));
      expectAnswered(await send('application/json', parts, false, waitingOnStream()));
    }
  });

  it('reads the same with every byte a chunk of its own', async () => {
    open();
    const bytes = [...BODY].map((byte) => Buffer.of(byte));
    expectAnswered(await send('application/json', bytes, true, request()));
    expectAnswered(await send('application/json', bytes, false, waitingOnStream()));
  });

  it('a held-open body whose chunks end in } or ] before it is whole is judged whole, not before', async () => {
    open();
    const text = BODY.toString('utf8');
    // A cut after every } and ] (inside strings too), so each chunk but the last ends like JSON.
    const cuts = [0, ...[...text.matchAll(/[}\]]/g)].map((m) => m.index + 1)];
    const chunks = cuts.map((from, i) => text.slice(from, cuts[i + 1] ?? text.length)).filter((chunk) => chunk !== '');
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(text);
    expectAnswered(await send('application/json', chunks, false, waitingOnStream()));
  });

  it('parses a held-open body once, not once per chunk that ends in }', async () => {
    open();
    const items = Array.from({ length: 200 }, (_, i) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"n":${i}}}`);
    const chunks = ['[', ...items.map((item, i) => (i === 0 ? item : `,${item}`)), ']'];
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const exchange = await send('application/json', chunks, false, waitingOnStream());
      expect(exchange.messages).toHaveLength(200);
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.startsWith('[{"jsonrpc"'))).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('a body held open that never parses waits for the deadline instead of being judged', async () => {
    connection = new HttpConnection(url, { timeoutMs: 300, maxResponseBytes: 1024 });
    const exchange = await send('application/json', ['{"a":tru}', ' '], false, waitingOnStream());
    expect(exchange.error?.kind).toBe('timeout');
    expect(exchange.messages).toEqual([]);
    expect(exchange.bodyText).toBe('{"a":tru} ');
  });
});

describe('an event stream in chunks', () => {
  it('reads the same wherever it is cut in two, a multi-byte character included', async () => {
    open();
    const notice = { jsonrpc: '2.0', method: 'notifications/message', params: { data: '☕ 𝄞' } };
    const stream = Buffer.from(`data: ${JSON.stringify(notice)}\r\n\r\ndata: ${BODY.toString('utf8')}\n\n`, 'utf8');
    for (let cut = 1; cut < stream.length; cut++) {
      const exchange = await send('text/event-stream', [stream.subarray(0, cut), stream.subarray(cut)], true, request());
      expect(exchange.error, `cut at byte ${cut}`).toBeUndefined();
      expect(exchange.messages, `cut at byte ${cut}`).toEqual([notice, { jsonrpc: '2.0', id: 1, result: RESULT }]);
      expect(exchange.unparsable).toEqual([]);
    }
  });
});

describe('an event stream the caller stops reading (endWhen)', () => {
  const ack = { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: {} } };
  const nullIdError = { jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid params' } };
  const event = (message: unknown): string => `data: ${JSON.stringify(message)}\n\n`;

  it('a stream mcpgate closes itself after the message it waited for is not reported as closed early', async () => {
    open();
    const isAck = (m: unknown): boolean => (m as { method?: unknown }).method === ack.method;
    for (const end of [false, true]) {
      const exchange = await send('text/event-stream', [event(ack)], end, request({ awaitId: 'listen-1', endWhen: isAck }));
      expect(exchange.error, `ended by the server: ${end}`).toBeUndefined();
      expect(exchange.messages).toEqual([ack]);
      expect(exchange.response).toBeUndefined();
      expect(exchange.streamLeftOpen).toBe(end ? undefined : true);
    }
  });

  it('a response it waited for answers the request whoever closes the stream, flagged when its id is not the one sent', async () => {
    open();
    const isNullIdError = (m: unknown): boolean => (m as { id?: unknown }).id === null;
    for (const end of [false, true]) {
      for (const awaitId of [1, undefined]) {
        const exchange = await send('text/event-stream', [event(nullIdError)], end, request({ awaitId, endWhen: isNullIdError }));
        const why = `ended by the server: ${end}, awaitId ${awaitId}`;
        expect(exchange.error, why).toBeUndefined();
        expect(exchange.response, why).toEqual(nullIdError);
        expect(exchange.responseIdMismatch, why).toBe(awaitId === undefined ? undefined : true);
      }
    }
  });
});

describe('a body the server cuts short', () => {
  const half = BODY.subarray(0, 20);

  it('a JSON body says what was cut, and how much of it arrived', async () => {
    open();
    const chunked = await send('application/json', [half], 'cut', request());
    expect(chunked.error?.kind).toBe('closed-early');
    expect(chunked.error?.message).toBe('the server closed the connection in the middle of its application/json body (20 bytes arrived)');
    reply = { contentType: 'application/json', chunks: [half], end: 'cut', contentLength: BODY.length };
    const announced = await connection.exchange(request());
    expect(announced.error?.message).toBe(
      `the server closed the connection in the middle of its application/json body (20 of the ${BODY.length} bytes it announced arrived)`,
    );
    expect([chunked.response, announced.response]).toEqual([undefined, undefined]);
    expect(announced.bodyText).toBe(half.toString('utf8'));
  });

  it('an event stream says it closed before the response', async () => {
    open();
    const exchange = await send('text/event-stream', ['data: {"jsonrpc":"2.0","method":"notifications/message"}\n\n'], 'cut', request());
    expect(exchange.error?.kind).toBe('closed-early');
    expect(exchange.error?.message).toBe('the server closed the event stream before sending the response');
  });
});

describe('the size cap', () => {
  it('a body of exactly --max-response-bytes is read; one byte more is refused, naming the cap and the flag', async () => {
    for (const [contentType, body] of [
      ['application/json', BODY],
      ['text/event-stream', Buffer.from(`data: ${BODY.toString('utf8')}\n\n`)],
    ] as const) {
      const half = Math.floor(body.length / 2);
      const chunks = [body.subarray(0, half), body.subarray(half)];
      open(body.length);
      const exact = await send(contentType, chunks, true, request());
      expect(exact.error, contentType).toBeUndefined();
      expect(exact.response, contentType).toEqual({ jsonrpc: '2.0', id: 1, result: RESULT });
      await connection.close();

      open(body.length - 1);
      const over = await send(contentType, chunks, true, request());
      expect(over.error?.kind, contentType).toBe('too-large');
      expect(over.error?.message).toBe(`the response exceeded ${body.length - 1} bytes; raise --max-response-bytes if that is expected`);
      expect(over.response).toBeUndefined();
      expect(over.bodyText).toBe(chunks[0]!.toString('utf8'));
    }
  });
});
