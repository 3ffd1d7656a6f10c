/** The load `mcpgate bench` applies unless told otherwise; its help text and its run both read them. */

export const BENCH_DEFAULTS = {
  concurrency: 10,
  /** In rate mode, the most requests in flight unless --concurrency says otherwise. */
  rateInFlight: 64,
  durationMs: 10_000,
} as const;
