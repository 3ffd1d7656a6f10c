/**
 * The standalone JSON file `mcpgate bench --report` writes. Versioned on its own so it can later be
 * embedded in the main report unchanged.
 */

import { z } from 'zod';
import { ToolSchema } from './common.js';
import { ServerInfoSchema, TransportSchema } from './target.js';
import { LatencyFiguresSchema } from './telemetry.js';
import { count, milliseconds, isoDateTime } from './values.js';

export const BENCH_SCHEMA_VERSION = '1.0';

export const LoadModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('concurrency'), concurrency: count }),
  /** Requests per second on a fixed schedule, with at most `maxInFlight` outstanding. */
  z.object({ kind: z.literal('rate'), rate: z.number().positive(), maxInFlight: count }),
]);
export type LoadMode = z.output<typeof LoadModeSchema>;

export const BenchSettingsSchema = z.object({
  mode: LoadModeSchema,
  /** Bound on the measured phase; absent when only a request count bounds it. */
  durationMs: milliseconds.optional(),
  /** Bound on the number of measured requests. */
  requests: count.optional(),
  warmup: count,
  method: z.enum(['tools/list', 'tools/call']),
  tool: z.string().optional(),
  timeoutMs: milliseconds,
  instances: count,
});
export type BenchSettings = z.output<typeof BenchSettingsSchema>;

export const BenchResultsSchema = z.object({
  /** Measured requests sent, whatever their outcome (warm-up excluded). */
  requests: count,
  /** Of those, answered with a valid result. */
  ok: count,
  durationMs: milliseconds,
  /** Requests answered with a valid result per second of the measured phase (failures fail fast and would flatter it). */
  rps: z.number().min(0),
  /** Over the requests answered with a valid result; in rate mode measured from the intended send time. */
  latencyMs: LatencyFiguresSchema.omit({ count: true, min: true }),
  /** Failed requests by kind, e.g. `http:503`, `jsonrpc:-32602`, `timeout`, `refused`. */
  errors: z.record(z.string(), count),
});
export type BenchResults = z.output<typeof BenchResultsSchema>;

export const DivergenceFindingSchema = z.object({
  /** 1-based instance number and its endpoint. */
  instance: count,
  endpoint: z.string(),
  /** Answers of this instance that differ from the reference (instance 1's first answer). */
  differing: count,
  compared: count,
  /** Where the first differing answer departs from the reference, and both values there. */
  path: z.string(),
  expected: z.string(),
  received: z.string(),
});
export type DivergenceFinding = z.output<typeof DivergenceFindingSchema>;

export const StatelessnessResultSchema = z.object({
  instances: z.array(z.object({ instance: count, endpoint: z.string(), requests: count, ok: count, compared: count })),
  divergent: z.boolean(),
  findings: z.array(DivergenceFindingSchema),
  /** What was compared, in words, so a reader of the file knows what "no divergence" covers. */
  compared: z.string(),
});
export type StatelessnessResult = z.output<typeof StatelessnessResultSchema>;

export const BenchReportSchema = z.object({
  schemaVersion: z.literal(BENCH_SCHEMA_VERSION),
  tool: ToolSchema,
  startedAt: isoDateTime,
  target: z.object({
    transport: TransportSchema,
    endpoints: z.array(z.string()),
    era: z.enum(['modern', 'legacy']),
    serverInfo: ServerInfoSchema.optional(),
  }),
  settings: BenchSettingsSchema,
  results: BenchResultsSchema,
  statelessness: StatelessnessResultSchema.optional(),
});
export type BenchReport = z.output<typeof BenchReportSchema>;
