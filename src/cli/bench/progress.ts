/** The progress line of a bench run: requests done, the rate over the last interval, errors. */

import { progressReporter } from '../../report/progress.js';
import type { BenchOptions } from '../../telemetry/load/bench.js';
import type { LoadCounters } from '../../telemetry/load/run-load.js';

const PROGRESS_EVERY_MS = 250;

/** Starts redrawing the line; the returned function stops and clears it. */
export function showProgress(counters: LoadCounters, options: BenchOptions): () => void {
  const progress = progressReporter('bench');
  let lastCompleted = 0;
  let lastAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const rps = ((counters.completed - lastCompleted) / (now - lastAt)) * 1000;
    lastCompleted = counters.completed;
    lastAt = now;
    const failed = counters.completed - counters.ok;
    const rate = `${Math.round(rps)} req/s`;
    if (options.requests !== undefined) progress.update(counters.completed, options.requests, `requests, ${rate}`, failed);
    else
      progress.update(
        Math.floor((now - counters.startedAt) / 1000),
        Math.round((options.durationMs ?? 0) / 1000),
        `seconds, ${counters.completed} requests, ${rate}`,
        failed,
      );
  }, PROGRESS_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    progress.clear();
  };
}
