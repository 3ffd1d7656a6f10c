/**
 * At most n tasks in flight, the rest queued in order (p-limit's contract, without the dependency).
 * The runner puts every model call through one limiter per provider, so N repeats of M cases do not
 * open N x M requests at once and earn a wall of 429s.
 */

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(n: number): Limiter {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${n}`);
  let active = 0;
  const queue: Array<() => void> = [];

  const release = (): void => {
    active--;
    queue.shift()?.();
  };

  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = (): void => {
        active++;
        // A task that throws synchronously still frees its slot.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(release);
      };
      if (active < n) run();
      else queue.push(run);
    });
}
