/**
 * drop-concurrent: the server as if each message took one of 20 workers for 50 ms, and a message
 * that found every worker busy were lost. Layer 0 never has more than its --concurrency (8) in
 * flight across its connections (src/wire/in-flight.ts), so only a load of more than 20 at once
 * (robust.concurrent-requests sends 50) sees drops.
 */

import { isBroken, type ServerConfig } from './config.js';

const WORKERS = 20;
const WORK_MS = 50;

/** How a transport runs the handling of one message it has read. */
export type Runner = (work: () => void) => void;

/** The conforming server handles every message at once; only the variant has a pool to exhaust. */
export function messageRunner(config: ServerConfig): Runner {
  return isBroken(config, 'drop-concurrent') ? workerPool() : (work) => work();
}

function workerPool(): Runner {
  let busy = 0;
  return (work) => {
    if (busy >= WORKERS) return;
    busy += 1;
    setTimeout(() => {
      busy -= 1;
      work();
    }, WORK_MS);
  };
}
