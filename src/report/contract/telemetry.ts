/** Layer 3 figures beside the eval results: latency, tokens and cost per model. */

import { z } from 'zod';
import { count, milliseconds } from './values.js';

/** Latency percentiles in milliseconds, from an HDR-style histogram (see telemetry/histogram.ts). */
export const LatencyFiguresSchema = z.object({
  count,
  min: milliseconds,
  mean: milliseconds,
  p50: milliseconds,
  p90: milliseconds,
  p95: milliseconds,
  p99: milliseconds,
  p999: milliseconds,
  max: milliseconds,
});
export type LatencyFigures = z.output<typeof LatencyFiguresSchema>;

const tokens = count.nullable();
const usd = z.number().min(0).nullable();

export const ModelTelemetrySchema = z.object({
  /**
   * Per model call: the provider's time on the wire (each HTTP exchange from send to last byte,
   * retries included, the SDK's backoff waits not; timed off mcpgate's event loop, so samples
   * queued behind each other under --concurrency do not add to it). A cached answer: its read time.
   */
  modelCallMs: LatencyFiguresSchema.nullable(),
  /** Per tool call sent to the server (server time only). */
  toolCallMs: LatencyFiguresSchema.nullable(),
  /** Per run of a case: model and server time together. */
  runMs: LatencyFiguresSchema.nullable(),
  tokens: z.object({ input: tokens, output: tokens, perRun: z.number().min(0).nullable() }),
  /**
   * US dollars. `usd` prices every model call of the run (cached ones included: what the suite
   * costs); `spentUsd` only the calls that reached the provider this time. Null when unknown.
   */
  cost: z.object({
    usd,
    perRunUsd: usd,
    spentUsd: usd,
    inputPerMTok: usd,
    outputPerMTok: usd,
    priceSource: z.string(),
    pricedAt: z.string(),
  }),
});
export type ModelTelemetry = z.output<typeof ModelTelemetrySchema>;
