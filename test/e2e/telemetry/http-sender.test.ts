/**
 * The bench's own HTTP/1.1 client against a raw TCP server that writes each framing by hand:
 * chunked bodies cut at odd places, event streams left open, Connection: close, interim 1xx,
 * errors, resets and silence.
 */

import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSender } from '../../../src/telemetry/load/http-sender.js';
import { buildRequestTemplate } from '../../../src/telemetry/load/request-template.js';

type Reply = (id: number, socket: net.Socket) => void;

const json = (id: number, extra = ''): string => `{"jsonrpc":"2.0","id":${id},"result":{"tools":[]${extra}}}`;
const REPLIES: Record<string, Reply> = {
  chunked: (id, s) => {
    const body = json(id);
    s.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    s.write(`5;ext=1\r\n${body.slice(0, 5)}\r\n${(body.length - 5).toString(16)}\r\n${body.slice(5, 9)}`);
    s.write(`${body.slice(9)}\r\n0\r\n\r\n`);
  },
  'open-stream': (id, s) => {
    s.write(`HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const events = `data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\ndata: ${json(id)}\n\n`;
    s.write(`${Buffer.byteLength(events).toString(16)}\r\n${events}\r\n`);
  },
  'connection-close': (id, s) => {
    const body = json(id);
    s.end(`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  },
  'until-close': (id, s) => s.end(`HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n${json(id)}`),
  // Framing headers in other cases and with space before the colon, beside headers whose names
  // merely start or end like them; an answer the same but for its id, so the next are judged as repeats.
  'header-forms': (id, s) => {
    const body = json(id);
    s.write(
      `HTTP/1.1 200 OK\r\nX-Content-Length: 1\r\nContent-Length-Hint: 2\r\nCONTENT-type : Application/JSON\r\ncontent-LENGTH :  ${body.length}  \r\n\r\n${body}`,
    );
  },
  'chunked-upper': (id, s) => {
    const body = json(id);
    s.write(`HTTP/1.1 200 OK\r\nX-Transfer-Encoding: identity\r\nTRANSFER-ENCODING:Chunked\r\n\r\n`);
    s.write(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
  },
  unavailable: (_id, s) => s.write('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\n\r\nbusy'),
  'wrong-id': (id, s) => {
    const body = json(id + 1);
    s.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  },
  'jsonrpc-error': (id, s) => {
    const body = `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"bad"}}`;
    s.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  },
  'cut-body': (id, s) => s.end(`HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n${json(id).slice(0, 20)}`),
  silent: () => undefined,
};

let server: net.Server;
let base: string;

beforeAll(async () => {
  server = net.createServer((socket) => {
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, headEnd))?.[1] ?? 0);
        if (buffered.length < headEnd + 4 + length) return;
        const path = buffered.slice(0, headEnd).split(' ')[1]!.slice(1);
        const body = JSON.parse(buffered.slice(headEnd + 4, headEnd + 4 + length)) as { id: number };
        buffered = buffered.slice(headEnd + 4 + length);
        REPLIES[path]!(body.id, socket);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function sendAll(path: string, ids: number[], wantResults = false): Promise<(string | undefined)[]> {
  const template = await buildRequestTemplate({ method: 'tools/list', params: {} });
  const sender = new HttpSender(`${base}/${path}`, template, { timeoutMs: 500, maxResponseBytes: 1 << 20, maxSockets: 2, wantResults });
  try {
    return await Promise.all(ids.map((id) => new Promise<string | undefined>((resolve) => sender.send(id, (error) => resolve(error)))));
  } finally {
    await sender.close();
  }
}

describe('HttpSender on raw HTTP/1.1', () => {
  it('reassembles chunked bodies cut anywhere', async () => {
    expect(await sendAll('chunked', [7, 8, 9, 10, 11])).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await sendAll('chunked', [12, 13], true)).toEqual([undefined, undefined]);
  });

  it('finds the framing headers whatever their case and spacing, and only them', async () => {
    expect(await sendAll('header-forms', [51, 52, 53, 54, 55])).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(await sendAll('chunked-upper', [56, 57, 58])).toEqual([undefined, undefined, undefined]);
  });

  it('ends an event stream at the matching response, although the server leaves it open', async () => {
    expect(await sendAll('open-stream', [21, 22, 23])).toEqual([undefined, undefined, undefined]);
  });

  it('skips an interim 100, honours Connection: close and reads HTTP/1.0 bodies to the end', async () => {
    expect(await sendAll('connection-close', [31, 32, 33, 34])).toEqual([undefined, undefined, undefined, undefined]);
    expect(await sendAll('until-close', [35, 36, 37])).toEqual([undefined, undefined, undefined]);
  });

  it('names each failure by kind', async () => {
    expect(await sendAll('unavailable', [41, 42, 43])).toEqual(['http:503', 'http:503', 'http:503']);
    expect(await sendAll('wrong-id', [44])).toEqual(['bad-id']);
    expect(await sendAll('jsonrpc-error', [45])).toEqual(['jsonrpc:-32602']);
    expect(await sendAll('cut-body', [46])).toEqual(['reset']);
    expect(await sendAll('silent', [47, 48])).toEqual(['timeout', 'timeout']);
  });

  it('reports a refused connection', async () => {
    const template = await buildRequestTemplate({ method: 'tools/list', params: {} });
    const sender = new HttpSender('http://127.0.0.1:1/mcp', template, {
      timeoutMs: 2_000,
      maxResponseBytes: 1 << 20,
      maxSockets: 1,
      wantResults: false,
    });
    const error = await new Promise<string | undefined>((resolve) => sender.send(1, resolve));
    await sender.close();
    expect(error).toBe('refused');
  });
});
