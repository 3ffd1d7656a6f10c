/**
 * Timeouts that scale with how busy the machine is, so that a test waits long enough on a shared CI
 * runner (or beside another test run) and still fails fast on a hang. A timeout here is a bound
 * against hangs, never the thing asserted.
 *
 * The factor is the larger of two measures, taken once per process: how much slower than a reference
 * machine a fixed piece of CPU work runs now, and the 1-minute load average per core. It is at least 1
 * and at most MAX_FACTOR.
 */

import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const MAX_FACTOR = 8;

/** What the work below takes on an idle 2-core machine of 2026 (measured: 6-9 ms). */
const REFERENCE_WORK_MS = 10;

function work(): number {
  let hash = 0;
  for (let i = 0; i < 2_000_000; i++) hash = (hash * 31 + i) | 0;
  return hash;
}

function measure(): number {
  const started = performance.now();
  work();
  const slowdown = (performance.now() - started) / REFERENCE_WORK_MS;
  const loadPerCore = loadavg()[0]! / availableParallelism();
  return Math.min(MAX_FACTOR, Math.max(1, slowdown, loadPerCore));
}

let factor: number | undefined;

/** How much longer than on an idle machine things take here and now (1 to MAX_FACTOR). */
export function machineSlowdown(): number {
  factor ??= measure();
  return factor;
}

/** `idleMs` (a bound that is generous on an idle machine) scaled by machineSlowdown(). */
export function scaledTimeout(idleMs: number): number {
  return Math.round(idleMs * machineSlowdown());
}
