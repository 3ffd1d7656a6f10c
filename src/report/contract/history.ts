/**
 * One line of run history (`.mcpgate/history/`): enough to gate the next run against this one and to
 * chart pass rates over time; the whole report is stored beside it (`report`).
 */

import { z } from 'zod';
import { LevelSchema, StatusSchema, VerdictSchema } from './common.js';
import { EraSchema, ServerFingerprintSchema, TransportSchema } from './target.js';
import { count, fraction, isoDateTime } from './values.js';

export const HistoryEntrySchema = z.object({
  schemaVersion: z.literal('1'),
  runId: z.string(),
  startedAt: isoDateTime,
  /** The run's exit code (after its gate, when one ran) was 0: a candidate baseline for `gate --baseline auto`. */
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
  /**
   * The run's report, stored in the history directory under the sha256 of its JSON (`reports/<sha256>.json`,
   * or `.json.gz`), so the directory holds its own evidence and a changed report is noticed.
   */
  report: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), file: z.string() }).optional(),
  /** Entries written before `report`: the report file, relative to the history directory; read only inside it. */
  reportFile: z.string().optional(),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;

/**
 * A recorded run made the baseline on purpose (`mcpgate baseline accept`), kept in the history as
 * `accepted/<acceptedAt>_<runId>.json` beside the entries. `gate --baseline auto` takes the accepted run
 * until a green run that started after the acceptance, or a later acceptance, takes over.
 */
export const BaselineAcceptanceSchema = z.object({
  schemaVersion: z.literal('1'),
  /** The run id of a history entry. */
  runId: z.string(),
  acceptedAt: isoDateTime,
  /** Why, as given with `--reason`; `accepted by hand` when none was given. */
  reason: z.string(),
});
export type BaselineAcceptance = z.output<typeof BaselineAcceptanceSchema>;
