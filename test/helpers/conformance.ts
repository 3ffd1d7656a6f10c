/** One layer 0 run with every check and the defaults a user gets, within this machine's timeouts. */

import { ALL_CHECKS } from '../../src/conformance/checks/index.js';
import { runConformance } from '../../src/conformance/runner.js';
import type { Report } from '../../src/report/model.js';
import type { Target } from '../../src/wire/target.js';
import { scaledTimeout } from './machine-speed.js';

/**
 * `eofGraceMs` replaces the stdio exit grace only for a server that never exits on EOF: its verdict is
 * the same after any grace, while a server that does exit needs the full one on a loaded machine.
 */
export function checkTarget(target: Target, options: { eofGraceMs?: number; concurrency?: number } = {}): Promise<Report> {
  return runConformance({
    target,
    checks: [...ALL_CHECKS],
    strict: false,
    allowTools: [],
    connect: { timeoutMs: scaledTimeout(10_000), maxResponseBytes: 1 << 22 },
    concurrency: options.concurrency ?? 8,
    eofGraceMs: options.eofGraceMs ?? scaledTimeout(5_000),
  });
}
