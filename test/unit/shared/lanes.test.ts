import { describe, expect, it } from 'vitest';
import { forEachInLanes } from '../../../src/shared/lanes.js';

/**
 * Work whose completion the test decides: each call waits until the test finishes it, so the order
 * in which work ends is chosen here (seeded, shuffled), never by timing.
 */
function heldWork() {
  const started: number[] = [];
  const pending: Array<{ index: number; finish: () => void }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const work = (index: number): Promise<void> =>
    new Promise<void>((resolve) => {
      started.push(index);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      pending.push({
        index,
        finish: () => {
          inFlight--;
          resolve();
        },
      });
    });
  return { work, started, pending, maxInFlight: () => maxInFlight };
}

/** Every promise continuation already queued has run once a macrotask comes round: no clock involved. */
const queuedWorkRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647;
  };
}

async function runShuffled(count: number, lanes: number, seed: number) {
  const held = heldWork();
  const random = seeded(seed);
  const finished: number[] = [];
  const run = forEachInLanes(count, lanes, held.work);
  for (let done = 0; done < count; done++) {
    await queuedWorkRun();
    if (held.pending.length === 0) throw new Error(`nothing in flight after ${done} of ${count} finished`);
    const [next] = held.pending.splice(Math.floor(random() * held.pending.length), 1);
    finished.push(next!.index);
    next!.finish();
  }
  await run;
  return { started: held.started, finished, maxInFlight: held.maxInFlight() };
}

describe('forEachInLanes', () => {
  it('starts every index once, in ascending order, whatever order the work ends in', async () => {
    const { started, finished } = await runShuffled(40, 4, 11);
    expect(started).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(finished).not.toEqual(started);
    expect([...finished].sort((a, b) => a - b)).toEqual(started);
  });

  it('keeps exactly `lanes` pieces of work in flight, never more', async () => {
    for (const [count, lanes, seed] of [
      [40, 4, 3],
      [40, 1, 5],
      [7, 16, 9],
    ] as const) {
      const { maxInFlight } = await runShuffled(count, lanes, seed);
      expect(maxInFlight, `${count} items in ${lanes} lanes`).toBe(Math.min(count, lanes));
    }
  });

  it('runs one lane when asked for none, and no work for no items', async () => {
    expect((await runShuffled(5, 0, 1)).maxInFlight).toBe(1);
    const held = heldWork();
    await forEachInLanes(0, 4, held.work);
    expect(held.started).toEqual([]);
  });

  it('rejects with the first failure of any piece of work', async () => {
    await expect(
      forEachInLanes(5, 2, async (index) => {
        if (index === 3) throw new Error('item 3 broke');
      }),
    ).rejects.toThrow('item 3 broke');
  });
});
