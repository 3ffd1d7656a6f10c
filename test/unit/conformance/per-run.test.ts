import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/conformance/context.js';
import { oncePerRun } from '../../../src/conformance/per-run.js';

const aRun = (): CheckContext => ({}) as CheckContext;

describe('oncePerRun', () => {
  it('starts the work at the first ask of a run and hands every later ask the same result', () => {
    const starts: CheckContext[] = [];
    const shared = oncePerRun((ctx) => {
      starts.push(ctx);
      return { started: starts.length };
    });
    const run = aRun();
    const first = shared(run);
    expect(shared(run)).toBe(first);
    expect(starts).toEqual([run]);
  });

  it('keeps each run apart', () => {
    const shared = oncePerRun(() => Symbol('result'));
    const [one, two] = [aRun(), aRun()];
    expect(shared(one)).not.toBe(shared(two));
  });

  it('lets a reader see the result only once a check has started it, and never starts it itself', () => {
    let starts = 0;
    const shared = oncePerRun(() => ++starts);
    const run = aRun();
    expect(shared.ifStarted(run)).toBeUndefined();
    expect(starts).toBe(0);
    shared(run);
    expect(shared.ifStarted(run)).toBe(1);
    expect(starts).toBe(1);
  });
});
