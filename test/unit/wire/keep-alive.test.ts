/**
 * Kept-alive sockets the server closes while they are idle (its keep-alive timeout). A request
 * written on one after the server closed it fails ("closed the connection before answering")
 * although the server never read it: what a busy event loop that has not yet read the close does.
 * Each case drives that moment with events, on a real server on 127.0.0.1 in this process: the
 * server closes a connection the instant its answer is written, and the client's next request,
 * sent as soon as that answer is read, takes the same socket before the close is read.
 */

import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../../src/wire/exchange.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { listenOnLoopback } from '../../helpers/fake-servers.js';

interface Seen {
  connections: number;
  /** Request ids in the order the server read them. */
  requests: unknown[];
}

let stop: (() => Promise<void>) | undefined;
let connection: HttpConnection | undefined;
afterEach(async () => {
  await connection?.close();
  await stop?.();
});

/** A server that answers each request with `answer`, or drops its connection when `answer` says so. */
async function serve(
  answer: (res: http.ServerResponse, socket: Socket, nthOnSocket: number) => void,
  configure: (server: http.Server) => void = () => {},
): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { connections: 0, requests: [] };
  const perSocket = new WeakMap<Socket, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.requests.push((JSON.parse(body) as { id: unknown }).id);
      const nth = (perSocket.get(req.socket) ?? 0) + 1;
      perSocket.set(req.socket, nth);
      answer(res, req.socket, nth);
    });
  });
  server.on('connection', () => seen.connections++);
  configure(server);
  const listening = await listenOnLoopback(server);
  stop = listening.close;
  connection = new HttpConnection(`http://127.0.0.1:${listening.port}/mcp`, { timeoutMs: 10_000, maxResponseBytes: 1 << 20 });
  return { url: `http://127.0.0.1:${listening.port}/mcp`, seen };
}

const request = (id: number): OutgoingMessage => ({ body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }), awaitId: id });
const result = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [] } });

describe('a kept-alive socket the server closes while idle', () => {
  it('is never written on once the server has closed it: every request goes out once, on an open connection', async () => {
    // The server's keep-alive timeout runs out the instant each answer is written.
    const { seen } = await serve((res, socket) => res.end(result(seen.requests.at(-1) as number), () => socket.destroy()));
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    for (const id of ids) {
      const exchange = await connection!.exchange(request(id));
      expect(exchange.error, `request ${id}`).toBeUndefined();
      expect(exchange.response).toEqual(JSON.parse(result(id)));
    }
    expect(seen.requests).toEqual(ids);
    expect(seen.connections).toBe(ids.length);
  });

  it('a request the server read on a reused socket and then dropped unanswered is reported, never sent again', async () => {
    // What a server that crashes on a request, or resets connections, does: it read the request.
    const { seen } = await serve((res, socket, nth) => (nth === 1 ? res.end(result(seen.requests.at(-1) as number)) : socket.destroy()));
    expect((await connection!.exchange(request(1))).error).toBeUndefined();
    const dropped = await connection!.exchange(request(2));
    expect(dropped.error?.kind).toBe('closed-early');
    expect(dropped.error?.message).toMatch(/closed the connection before answering/);
    expect(seen.requests).toEqual([1, 2]);
    expect((await connection!.exchange(request(3))).response).toEqual(JSON.parse(result(3)));
    expect(seen.requests).toEqual([1, 2, 3]);
  });

  it("is not reused once idle past the server's Keep-Alive: timeout hint, even when a busy event loop has not run the timer that retires it", async () => {
    // timeout=2 in the answer's Keep-Alive header: Node's agent retires the socket after 1 s idle, on a timer.
    const { seen } = await serve(
      (res) => res.end(result(seen.requests.at(-1) as number)),
      (server) => (server.keepAliveTimeout = 2_000),
    );
    const first = await connection!.exchange(request(1));
    expect(first.headers['keep-alive']).toBe('timeout=2');
    // The event loop is held, as a busy mcpgate's is, past the 1 s after which the socket is retired.
    const until = performance.now() + 1_200;
    while (performance.now() < until);
    expect((await connection!.exchange(request(2))).response).toEqual(JSON.parse(result(2)));
    expect(seen.requests).toEqual([1, 2]);
    expect(seen.connections).toBe(2);
  });
});
