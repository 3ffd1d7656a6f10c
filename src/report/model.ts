/**
 * The Report model: the one structure every layer writes into and every renderer reads.
 * Its JSON form is versioned (REPORT_SCHEMA_VERSION) and documented in docs/report-schema.md;
 * later layers add keys beside `checks`, never change the meaning of existing ones.
 */

export const REPORT_SCHEMA_VERSION = '1.0';

export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'error' | 'not_measured';
export const STATUSES: readonly Status[] = ['pass', 'fail', 'warn', 'skip', 'error', 'not_measured'];

/** Conformance levels follow the spec's own words. */
export type Level = 'MUST' | 'SHOULD';
// A violated SHOULD is reported as `warn`, or as `fail` under --strict; a violated MUST is `fail`.
// `warn` is also used where the spec tolerates or leaves open what was seen (never a failure).

/** One piece of evidence: what was sent, an excerpt of what came back, and what was expected. */
export interface Evidence {
  /** A short label, for example the tool or method this exchange was about. */
  label?: string;
  /** The request as sent (HTTP request line, relevant headers and body), secrets redacted. */
  sent?: string;
  /** An excerpt of the response (status, relevant headers, body), secrets redacted, truncated. */
  received?: string;
  /** The expected value or behaviour, in words a reader can compare with `received`. */
  expected?: string;
}

export interface CheckResult {
  /** Stable id, for example `discover.supported-versions`. Never reused for another meaning. */
  id: string;
  title: string;
  /** Grouping for display, for example `discover`, `http`, `tools`. */
  area: string;
  level: Level;
  /** URL of the spec page the rule comes from. */
  specRef: string;
  status: Status;
  /** One line: what was expected and what was seen (or why it was skipped). */
  message: string;
  /** How to fix it, when that is known. */
  fix?: string;
  evidence: Evidence[];
  durationMs: number;
  /**
   * Set when the check failed and its id is listed in the expected-failures file: the failure is
   * tolerated. A listed check that passes is not marked here; it appears in
   * summary.staleExpectedFailures and fails the run.
   */
  expectedFailure?: boolean;
}

export type Era = 'modern' | 'legacy' | 'unknown';

export interface TargetInfo {
  transport: 'http' | 'stdio';
  /** The URL (HTTP) or the command line (stdio) that was evaluated. */
  endpoint: string;
  era: Era;
  serverInfo?: { name: string; version: string; [k: string]: unknown };
  /** What the server says it supports: `supportedVersions` of discover, or the legacy handshake's version. */
  supportedVersions?: string[];
  /** Tail of the stdio server's stderr, kept for diagnosis. */
  stderrTail?: string;
}

export interface ConformanceSummary {
  total: number;
  byStatus: Record<Status, number>;
  /** MUST checks that failed and are not listed as expected failures. */
  mustFailures: number;
  /** SHOULD checks that failed (reported as warnings unless --strict). */
  shouldFailures: number;
  /** Listed expected failures that did fail (tolerated). */
  expectedFailures: number;
  /** Listed expected failures that now pass: the list is stale and the run fails. */
  staleExpectedFailures: string[];
}

export interface Verdict {
  exitCode: number;
  /** One line explaining the exit code. */
  reason: string;
}

export interface Report {
  /** The version this mcpgate writes is REPORT_SCHEMA_VERSION; readers accept any 1.x. */
  schemaVersion: `1.${number}`;
  tool: { name: 'mcpgate'; version: string };
  /** ISO 8601 start time of the run. */
  startedAt: string;
  durationMs: number;
  target: TargetInfo;
  /** Layer 0 results. */
  checks: CheckResult[];
  summary: ConformanceSummary;
  verdict: Verdict;
  /** Options that changed what was checked, recorded so a report explains itself. */
  options: { strict: boolean; allowTools: string[]; expectedFailuresFile?: string };
}
