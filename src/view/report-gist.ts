/**
 * The few fields of a stored report the viewer's index keeps (run-summary.ts), read against the
 * contract's own schemas narrowed to them. A report of a big suite is megabytes of trajectories, and
 * the index of a thousand runs is made from a thousand reports: reading each against the whole
 * contract would take minutes. A page that shows the report reads it whole (loadEntryReport).
 */

import { z } from 'zod';
import { ConfusionTableSchema } from '../report/contract/confusion.js';
import { EvalCaseResultSchema, EvalReportSchema } from '../report/contract/eval.js';
import { GateResultSchema } from '../report/contract/gate.js';
import { ReportSchema } from '../report/contract/report.js';
import { ServerInfoSchema } from '../report/contract/target.js';
import { parseAgainst } from '../report/parse-problem.js';

const ReportGistSchema = z.object({
  schemaVersion: ReportSchema.shape.schemaVersion,
  tool: ReportSchema.shape.tool,
  commit: ReportSchema.shape.commit,
  target: z.object({ serverInfo: ServerInfoSchema.optional() }),
  verdict: ReportSchema.shape.verdict,
  eval: z
    .object({
      judge: EvalReportSchema.shape.judge,
      cases: z.array(
        EvalCaseResultSchema.pick({ id: true, model: true, kind: true, runs: true, passes: true, errors: true, status: true }),
      ),
      confusions: z.record(z.string(), ConfusionTableSchema).optional(),
    })
    .optional(),
  gate: z.object({ baseline: GateResultSchema.shape.baseline }).optional(),
});
export type ReportGist = z.output<typeof ReportGistSchema>;

/** The gist of a report's JSON text, or why it is not one. */
export function parseReportGist(text: string): ReportGist | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return 'the stored report is not valid JSON';
  }
  const parsed = parseAgainst(ReportGistSchema, data);
  return parsed.ok ? parsed.value : `the stored report is not an mcpgate report: ${parsed.problem}`;
}
