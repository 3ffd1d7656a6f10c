/** The wire layer's pieces on their own: SSE framing, command lines, header encoding, size caps, ids. */

import { afterEach, describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../../src/wire/command-line.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { sameId } from '../../../src/wire/jsonrpc.js';
import { encodeHeaderValue, ModernClient } from '../../../src/wire/modern-client.js';
import { LineSplitter } from '../../../src/wire/line-splitter.js';
import { SseParser } from '../../../src/wire/sse.js';
import { StdioConnection } from '../../../src/wire/stdio.js';
import { fakeHttpServer, type FakeServer } from '../../helpers/fake-servers.js';

function parseAll(chunks: string[]): string[] {
  const events: string[] = [];
  const parser = new SseParser((data) => events.push(data));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('SseParser', () => {
  it('joins data lines, skips comments and other fields, and survives any chunking', () => {
    const stream = ': keep-alive\n\nevent: message\nid: 7\ndata: {"a":\ndata: 1}\n\ndata: second\r\n\r\n';
    const expected = ['{"a":\n1}', 'second'];
    expect(parseAll([stream])).toEqual(expected);
    for (let cut = 1; cut < stream.length; cut++) expect(parseAll([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
  });

  it('flushes an unterminated last event when the stream ends', () => {
    expect(parseAll(['data: tail'])).toEqual(['tail']);
  });

  it('treats a lone CR as a line end', () => {
    expect(parseAll(['data: x\r\rdata: y\r\r'])).toEqual(['x', 'y']);
  });

  it('reads a CRLF split between two chunks as one line end, and one character per chunk as well as one chunk', () => {
    expect(parseAll(['data: x\r', '', '\ndata: y\r', '\n\r', '\n'])).toEqual(['x\ny']);
    expect(parseAll([...'data: a\n\ndata: b\r\n\r\n'])).toEqual(['a', 'b']);
  });

  it('stops at the event cap, says so once, and emits nothing after', () => {
    const events: string[] = [];
    const overflows: string[] = [];
    const parser = new SseParser((data) => events.push(data), { maxEventChars: 100, onOverflow: (message) => overflows.push(message) });
    parser.push('data: small\n\n');
    parser.push('data: ');
    for (let i = 0; i < 50; i++) parser.push('x'.repeat(10));
    parser.push('\n\ndata: later\n\n');
    parser.end();
    expect(events).toEqual(['small']);
    expect(overflows).toEqual([expect.stringContaining('exceeded 100 characters')]);
  });

  it('counts many data lines of one event against the cap', () => {
    const overflows: string[] = [];
    const parser = new SseParser(() => undefined, { maxEventChars: 100, onOverflow: (message) => overflows.push(message) });
    for (let i = 0; i < 50; i++) parser.push('data: 0123456789\n');
    expect(overflows).toHaveLength(1);
  });
});

describe('LineSplitter', () => {
  it('splits lines across chunks, strips CR, and drops the rest of a line over the cap after reporting its head', () => {
    const lines: string[] = [];
    const overlong: string[] = [];
    const splitter = new LineSplitter(10, { onLine: (line) => lines.push(line), onOverlong: (head) => overlong.push(head) });
    for (const chunk of ['one\r\ntw', 'o\n', '0123456', '789abcdef', 'ghij\nthree\n']) splitter.push(chunk);
    expect(lines).toEqual(['one', 'two', 'three']);
    expect(overlong).toEqual(['0123456']);
  });
});

describe('splitCommandLine', () => {
  it('splits on whitespace and honours quotes and escapes', () => {
    expect(splitCommandLine(`node "my server.js" --name 'a b' x\\ y ""`)).toEqual(['node', 'my server.js', '--name', 'a b', 'x y', '']);
    expect(splitCommandLine(`node -e "console.log(\\"hi\\")"`)).toEqual(['node', '-e', 'console.log("hi")']);
  });

  it('rejects an unterminated quote', () => {
    expect(() => splitCommandLine('node "server.js')).toThrow(/unterminated " quote/);
  });
});

describe('encodeHeaderValue', () => {
  it('keeps plain ASCII and base64-encodes what a header cannot carry as-is', () => {
    expect(encodeHeaderValue('get_weather')).toBe('get_weather');
    expect(encodeHeaderValue('file:///tmp/a.txt')).toBe('file:///tmp/a.txt');
    expect(encodeHeaderValue('café')).toBe(`=?base64?${Buffer.from('café').toString('base64')}?=`);
    expect(encodeHeaderValue(' padded')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('=?base64?abc?=')).toMatch(/^=\?base64\?PT9iYXNlNjQ/);
  });
});

describe('sameId', () => {
  it('compares value and type', () => {
    expect(sameId(1, 1)).toBe(true);
    expect(sameId('1', 1)).toBe(false);
    expect(sameId(null, undefined)).toBe(false);
  });
});

describe('HttpConnection', () => {
  let fake: FakeServer | undefined;
  afterEach(async () => fake?.close());

  it('stops reading at the response size cap', async () => {
    fake = await fakeHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${'x'.repeat(200_000)}"}}`);
    });
    const connection = new HttpConnection(fake.url, { timeoutMs: 2_000, maxResponseBytes: 10_000 });
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.error?.kind).toBe('too-large');
    expect(exchange.response).toBeUndefined();
    await connection.close();
  });

  it('reads an SSE response, keeps notifications before it, and times the exchange', async () => {
    fake = await fakeHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const id = (JSON.parse(body) as { id: unknown }).id;
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        res.write(`data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}\n\n`);
        res.end(`data: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"resultType":"complete"}}\n\n`);
      });
    });
    const connection = new HttpConnection(fake.url);
    const exchange = await new ModernClient(connection).request('tools/list', {}, { id: 'abc' });
    expect(exchange.contentType).toBe('text/event-stream');
    expect(exchange.messages).toHaveLength(2);
    expect(exchange.response).toEqual({ jsonrpc: '2.0', id: 'abc', result: { resultType: 'complete' } });
    expect(exchange.timing.durationMs).toBeGreaterThan(0);
    expect(exchange.sent.headers?.['Mcp-Method']).toBe('tools/list');
    await connection.close();
  });

  it('sends exactly the headers a probe asks for', async () => {
    let seen: string[] = [];
    fake = await fakeHttpServer((req, res) => {
      seen = req.rawHeaders;
      res.writeHead(202).end();
    });
    const connection = new HttpConnection(fake.url);
    await new ModernClient(connection).request(
      'tools/call',
      { name: 'get_weather' },
      { headers: { 'Mcp-Name': undefined, 'mcp-method': 'TOOLS/CALL', 'Mcp-Method': undefined } },
    );
    expect(seen).toContain('mcp-method');
    expect(seen).toContain('TOOLS/CALL');
    expect(seen.map((h) => h.toLowerCase())).not.toContain('mcp-name');
    await connection.close();
  });
});

describe('StdioConnection', () => {
  it('matches responses by id, records non-JSON lines, and keeps stderr', async () => {
    const script = `process.stderr.write('booting\\n');process.stdin.on('data',d=>{for(const l of d.toString().split('\\n').filter(Boolean)){const m=JSON.parse(l);console.log('log line');console.log(JSON.stringify({jsonrpc:'2.0',id:m.id,result:{echo:m.method}}))}});process.stdin.on('end',()=>process.exit(0))`;
    const connection = await StdioConnection.start(`node -e "${script}"`);
    const exchange = await new ModernClient(connection).request('tools/list', {}, { id: 'x-1' });
    expect(exchange.response).toMatchObject({ id: 'x-1', result: { echo: 'tools/list' } });
    expect(connection.nonJsonLines).toContain('log line');
    const closed = await connection.close();
    expect(closed.exitedOnEof).toBe(true);
    expect(connection.stderrTail).toContain('booting');
  });

  it('keeps non-JSON stdout lines in its log only when it keeps a log; its own sample keeps them either way', async () => {
    const script = `process.stdin.on('data',d=>{const m=JSON.parse(d.toString());console.log('log line');console.log(JSON.stringify({jsonrpc:'2.0',id:m.id,result:{}}))})`;
    for (const keepLog of [true, false]) {
      const connection = await StdioConnection.start(`node -e "${script}"`, { timeoutMs: 5_000, maxLineBytes: 1 << 20, keepLog });
      const exchange = await new ModernClient(connection).request('tools/list', {}, { id: 1 });
      expect(exchange.response).toMatchObject({ id: 1, result: {} });
      const raws = connection.received.map((r) => r.raw);
      expect(raws, `keepLog ${keepLog}`).toEqual(keepLog ? ['log line', '{"jsonrpc":"2.0","id":1,"result":{}}'] : []);
      expect(connection.nonJsonLines).toEqual(['log line']);
      await connection.close({ eofGraceMs: 200 });
    }
  });

  it('reports a response whose id changed type instead of hanging', async () => {
    const script = `process.stdin.on('data',d=>{const m=JSON.parse(d.toString());console.log(JSON.stringify({jsonrpc:'2.0',id:String(m.id),result:{}}))})`;
    const connection = await StdioConnection.start(`node -e "${script}"`, { timeoutMs: 2_000, maxLineBytes: 1 << 20 });
    const exchange = await new ModernClient(connection).request('tools/list', {}, { id: 42 });
    expect(exchange.error).toBeUndefined();
    expect(exchange.responseIdMismatch).toBe(true);
    await connection.close({ eofGraceMs: 200 });
  });
});
