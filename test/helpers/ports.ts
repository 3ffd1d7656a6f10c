/** Local TCP ports for tests that start a server on a port of their choosing (server.start, the CI workflow). */

import { createServer } from 'node:net';

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something listens on the port now: binding it fails. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer().listen(port, '127.0.0.1');
    probe.once('listening', () => probe.close(() => resolve(false)));
    probe.once('error', () => resolve(true));
  });
}
