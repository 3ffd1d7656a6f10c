import { describe, expect, it } from 'vitest';
import type { CheckContext, RunState } from '../../../src/conformance/context.js';
import { oncePerRun } from '../../../src/conformance/per-run.js';

/** What oncePerRun reads of a context: the run it belongs to (see CheckContext.forCheck). */
const aRun = (): CheckContext => ({ run: {} as RunState }) as CheckContext;
/** Another check's view of the same run: a different context object. */
const anotherView = (ctx: CheckContext): CheckContext => ({ run: ctx.run }) as CheckContext;

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
    // Each check is given a view of its own: the run, not the view, is what is shared.
    expect(shared(anotherView(run))).toBe(first);
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
    shared(anotherView(run));
    expect(shared.ifStarted(run)).toBe(1);
    expect(starts).toBe(1);
  });
});
