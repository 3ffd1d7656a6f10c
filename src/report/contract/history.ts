/**
 * One line of run history (`.mcpgate/history/`): enough to gate the next run against this one and to
 * chart pass rates over time, without keeping whole reports.
 */

import { z } from 'zod';
import { LevelSchema, StatusSchema, VerdictSchema } from './common.js';
import { EraSchema, ServerFingerprintSchema, TransportSchema } from './target.js';
import { count, fraction, isoDateTime } from './values.js';

export const HistoryEntrySchema = z.object({
  schemaVersion: z.literal('1'),
  runId: z.string(),
  startedAt: isoDateTime,
  /** Every layer that ran passed (exit code 0): a candidate baseline for `gate --baseline auto`. */
  green: z.boolean(),
  verdict: VerdictSchema,
  /** Which server the run was about (not the endpoint: CI ports change), so runs of one server compare. */
  target: z.object({ transport: TransportSchema, era: EraSchema, server: z.string() }),
  fingerprint: ServerFingerprintSchema.optional(),
  models: z.array(z.string()),
  golden: z.object({ file: z.string(), sha256: z.string() }).optional(),
  checks: z.array(z.object({ id: z.string(), level: LevelSchema, status: StatusSchema })),
  cases: z.array(
    z.object({ id: z.string(), model: z.string(), kind: z.enum(['hard', 'soft']), runs: count, passes: count, passRate: fraction }),
  ),
  /** The report file this entry was made from, when it was written to disk. */
  reportFile: z.string().optional(),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;
