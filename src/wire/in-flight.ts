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

  /**
   * Runs `work` in a slot. `keepUntil`: the slot stays taken after the work is done until what it
   * returns settles, for a response stream held open past its exchange (still in flight at the server).
   */
  async run<T>(work: () => Promise<T>, keepUntil?: (result: T) => Promise<unknown> | undefined): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let kept: Promise<unknown> | undefined;
    try {
      const result = await work();
      kept = keepUntil?.(result);
      return result;
    } finally {
      if (kept) void kept.finally(() => this.release());
      else this.release();
    }
  }

  private release(): void {
    // The slot passes straight to the next waiter, so `active` never dips while others wait.
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
