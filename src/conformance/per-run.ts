/**
 * Work the checks of one run share (the call plan, the MRTR subject search, the progress probe):
 * started by whichever check asks first, done once per run, and readable afterwards by the coverage
 * summary without starting it.
 */

import type { CheckContext, RunState } from './context.js';

export interface PerRun<T> {
  /** The run's result, started now if no check has asked yet. */
  (ctx: CheckContext): T;
  /** The run's result if some check started it, without starting it. */
  ifStarted(ctx: CheckContext): T | undefined;
}

export function oncePerRun<T>(start: (ctx: CheckContext) => T): PerRun<T> {
  const started = new WeakMap<RunState, { value: T }>();
  const get = (ctx: CheckContext): T => {
    let entry = started.get(ctx.run);
    if (!entry) {
      entry = { value: start(ctx) };
      started.set(ctx.run, entry);
    }
    return entry.value;
  };
  return Object.assign(get, { ifStarted: (ctx: CheckContext) => started.get(ctx.run)?.value });
}
