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

export const VerdictSchema = z.object({
  exitCode: count,
  /** One line explaining the exit code. */
  reason: z.string(),
});
export type Verdict = z.output<typeof VerdictSchema>;

/** The program that wrote a file, so a reader can tell which mcpgate produced it. */
export const ToolSchema = z.object({ name: z.literal('mcpgate'), version: z.string() });
