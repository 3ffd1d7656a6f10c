/** What every layer's results share: statuses, levels, evidence, the verdict and who wrote the file. */

import { z } from 'zod';
import { STATUS_VALUES } from '../constants.js';
import { count } from './values.js';

/**
 * Only `pass` counts as passing. `skip`: not applicable, with the reason; `error`: the harness itself
 * failed; `not_measured`: could not be scored (for example the judge was unavailable).
 */
export const StatusSchema = z.enum(STATUS_VALUES);
export type Status = z.output<typeof StatusSchema>;
export const STATUSES: readonly Status[] = StatusSchema.options;

/**
 * Conformance levels follow the spec's own words. A violated SHOULD is reported as `warn`, or as
 * `fail` under --strict; a violated MUST is `fail`. `warn` is also used where the spec tolerates or
 * leaves open what was seen (never a failure).
 */
export const LevelSchema = z.enum(['MUST', 'SHOULD']);
export type Level = z.output<typeof LevelSchema>;

/** One piece of evidence: what was sent, an excerpt of what came back, and what was expected. */
export const EvidenceSchema = z.object({
  /** A short label, for example the tool or method this exchange was about. */
  label: z.string().optional(),
  /** The request as sent (HTTP request line, relevant headers and body), secrets redacted. */
  sent: z.string().optional(),
  /** An excerpt of the response (status, relevant headers, body), secrets redacted, truncated. */
  received: z.string().optional(),
  /** The expected value or behaviour, in words a reader can compare with `received`. */
  expected: z.string().optional(),
});
export type Evidence = z.output<typeof EvidenceSchema>;

/** One thing that did not pass, whatever the gate made of it: a failed or warning check, a case below its floor, a finding. */
export const NotPassingItemSchema = z.object({
  kind: z.enum(['check', 'case', 'finding', 'pin', 'scenario', 'injection', 'client']),
  /** The check id, `case@model`, `rule:name` of a finding, `pin:tool`, ... */
  id: z.string(),
  /** fail, warn, error, not_measured; for cases `below-floor` (soft) or `fail` (hard); `expected-failure`, `stale`, `drift`. */
  status: z.string(),
  /** One line: what was seen. */
  detail: z.string(),
});
export type NotPassingItem = z.output<typeof NotPassingItemSchema>;

/**
 * The state of the suite beside the decision: a gate can pass (no regression) while soft cases stay
 * below their floor, and a reader must not take that for "all good".
 */
export const SuiteStateSchema = z.object({
  state: z.enum(['all-pass', 'not-all-pass']),
  /** One clause, e.g. "6 soft cases below their floor, 2 checks warn"; "everything passed" when all pass. */
  summary: z.string(),
  notPassing: z.array(NotPassingItemSchema),
});
export type SuiteState = z.output<typeof SuiteStateSchema>;

export const VerdictSchema = z.object({
  exitCode: count,
  /** One line explaining the exit code: the decision. */
  reason: z.string(),
  /** Written into every JSON report (computed from the report's results): what did not pass, whatever the decision. */
  suite: SuiteStateSchema.optional(),
});
export type Verdict = z.output<typeof VerdictSchema>;

/** The program that wrote a file, so a reader can tell which mcpgate produced it. */
export const ToolSchema = z.object({ name: z.literal('mcpgate'), version: z.string() });
