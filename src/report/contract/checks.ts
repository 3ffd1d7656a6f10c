/** Layer 0: one result per conformance check (and per robustness probe), and their totals. */

import { z } from 'zod';
import { EvidenceSchema, LevelSchema, StatusSchema } from './common.js';
import { count, milliseconds, nonEmptyText } from './values.js';

export const CheckResultSchema = z.object({
  /** Stable id, for example `discover.supported-versions`. Never reused for another meaning. */
  id: nonEmptyText,
  title: z.string(),
  /** Grouping for display, for example `discover`, `http`, `tools`. */
  area: nonEmptyText,
  level: LevelSchema,
  /** URL of the spec page the rule comes from. */
  specRef: z.string(),
  status: StatusSchema,
  /** One line: what was expected and what was seen (or why it was skipped). */
  message: z.string(),
  /** How to fix it, when that is known. */
  fix: z.string().optional(),
  evidence: z.array(EvidenceSchema),
  durationMs: milliseconds,
  /**
   * Set when the check failed and its id is listed in the expected-failures file: the failure is
   * tolerated. A listed check that passes is not marked here; it appears in
   * summary.staleExpectedFailures and fails the run.
   */
  expectedFailure: z.boolean().optional(),
  /**
   * Set when one of mcpgate's own limits (--timeout, --max-response-bytes) left the check
   * inconclusive, naming it; the status is then `warn`, and a MUST check so marked makes the run
   * inconclusive (exit 5) rather than green.
   */
  limit: z.string().optional(),
});
export type CheckResult = z.output<typeof CheckResultSchema>;

export const ConformanceSummarySchema = z.object({
  total: count,
  /** Every status is present: a new status is a new major version of the report. */
  byStatus: z.record(StatusSchema, count),
  /** MUST checks that failed and are not listed as expected failures. */
  mustFailures: count,
  /** SHOULD checks that failed (reported as warnings unless --strict). */
  shouldFailures: count,
  /** Listed expected failures that did fail (tolerated). */
  expectedFailures: count,
  /** Listed expected failures that now pass: the list is stale and the run fails. */
  staleExpectedFailures: z.array(z.string()),
});
export type ConformanceSummary = z.output<typeof ConformanceSummarySchema>;
