/**
 * An HTTP relay on 127.0.0.1 in front of a server's endpoint, for tests that count what mcpgate
 * sends: each request is forwarded as it arrives and its answer piped back. `onRequest` sees each
 * request first and may return a function that is handed the server's answer; `onBody` gets each
 * request's whole body.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayHooks {
  onRequest?(req: http.IncomingMessage, res: http.ServerResponse): ((answer: http.IncomingMessage) => void) | void;
  onBody?(body: Buffer): void;
}

export interface Relay {
  /** The endpoint to give mcpgate: the relay's origin with the server's path. */
  url: string;
  close(): Promise<void>;
}

export async function startRelay(endpoint: string, hooks: RelayHooks = {}): Promise<Relay> {
  const target = new URL(endpoint);
  const relay = http.createServer((req, res) => {
    const onAnswer = hooks.onRequest?.(req, res);
    if (hooks.onBody) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => hooks.onBody!(Buffer.concat(chunks)));
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        onAnswer?.(answer);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => res.destroy());
    res.once('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}${target.pathname}`,
    close: async () => {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}
