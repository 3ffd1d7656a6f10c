/**
 * Misbehaving endpoints on 127.0.0.1 for the bad-input tests: a port that answers HTML, one that
 * never answers, one that closes early, one that streams without end. Each is torn down by the test.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1 (a free port); close() also cuts open connections, so no test waits on keep-alive. */
export async function listenOnLoopback(server: http.Server): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function fakeHttpServer(handler: http.RequestListener): Promise<FakeServer> {
  const { port, close } = await listenOnLoopback(http.createServer(handler));
  return { url: `http://127.0.0.1:${port}/mcp`, close };
}

/** A port nobody listens on: bind, read the port, close. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}
