/**
 * The Report: the one structure every layer writes into and every renderer reads. Its JSON form is
 * versioned and documented in docs/report-schema.md; later layers add keys beside `checks`, never
 * change the meaning of existing ones.
 *
 * The contract has no transforms or defaults, so what a reader accepts (z.input) and what a parse
 * returns (z.output) are the same shape; the types are the output, which is what parseReport gives.
 * Objects are zod's default kind: a key the contract does not know is accepted and left out of the
 * parsed value (a 1.0 reader ignores what a 1.x writer added); `target.serverInfo` keeps its extra
 * fields, since they are the server's own words.
 */

import { z } from 'zod';
import { ChaosReportSchema } from './chaos.js';
import { CheckResultSchema, ConformanceSummarySchema } from './checks.js';
import { ToolSchema, VerdictSchema } from './common.js';
import { CoverageSchema } from './coverage.js';
import { EvalReportSchema } from './eval.js';
import { GateResultSchema } from './gate.js';
import { TargetInfoSchema } from './target.js';
import { isoDateTime, milliseconds } from './values.js';

/** `1.x`: minor versions only add, so a reader of 1.0 reads every 1.x report. */
const ReportSchemaVersionSchema = z.templateLiteral(['1.', z.string().regex(/^\d+$/)]);

export const ReportSchema = z.object({
  schemaVersion: ReportSchemaVersionSchema,
  tool: ToolSchema,
  startedAt: isoDateTime,
  durationMs: milliseconds,
  target: TargetInfoSchema,
  /** Layer 0 results. */
  checks: z.array(CheckResultSchema),
  summary: ConformanceSummarySchema,
  /**
   * What layer 0 exercised: tools called, resources read, prompts got, MRTR and progress subjects.
   * Absent when layer 0 did not run, and in reports written before it existed.
   */
  coverage: CoverageSchema.optional(),
  verdict: VerdictSchema,
  /** Options that changed what was checked, recorded so a report explains itself. */
  options: z.object({ strict: z.boolean(), allowTools: z.array(z.string()), expectedFailuresFile: z.string().optional() }),
  /**
   * The commit of the project the run was made from, when known: from the CI's environment (GITHUB_SHA,
   * CI_COMMIT_SHA, ...) or `git rev-parse HEAD` in mcpgate.yaml's folder. Written by `mcpgate run`.
   */
  commit: z.string().optional(),
  /** Layer 1 results, when behaviour evals ran. */
  eval: EvalReportSchema.optional(),
  /** Layer 2 results beside the robustness probes (which are in `checks`): scan, pins, scenarios. */
  chaos: ChaosReportSchema.optional(),
  /**
   * The gate `mcpgate run` applied (the shape `mcpgate gate --json` writes): baseline, findings, the pairs
   * not compared, and `notRecorded`. Absent when no gate ran (no `gate.baseline`) and in other commands' reports.
   */
  gate: GateResultSchema.optional(),
});
export type Report = z.output<typeof ReportSchema>;
