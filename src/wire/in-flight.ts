/**
 * A bound on the requests one run has in flight at once, across all its connections to a server. A
 * server may serve a fixed number of requests at a time and leave the rest unanswered (the
 * reference server's `drop-concurrent` variant does); work started ahead of the checks (the MRTR
 * subject search, the progress calls) must not push a run past what `--concurrency` promises.
 */

export class InFlightLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `active` never dips while others wait.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
