/**
 * The Report model: the one structure every layer writes into and every renderer reads.
 * Its JSON form is versioned (REPORT_SCHEMA_VERSION) and documented in docs/report-schema.md;
 * later layers add keys beside `checks`, never change the meaning of existing ones.
 */

import type { ChaosReport } from '../resilience/report.js';

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
  /**
   * What identifies the server's behaviour surface, so history can tell a model's drift from a
   * server change: sha256 of its canonical tool definitions (names, descriptions, schemas,
   * annotations; sorted by name), with server name and version.
   */
  fingerprint?: ServerFingerprint;
}

export interface ServerFingerprint {
  toolsSha256: string;
  toolCount: number;
  serverName?: string;
  serverVersion?: string;
}

/**
 * One line of run history (`.mcpgate/history/`): enough to gate the next run against this one and
 * to chart pass rates over time, without keeping whole reports.
 */
export interface HistoryEntry {
  schemaVersion: '1';
  runId: string;
  startedAt: string;
  /** Every layer that ran passed (exit code 0): a candidate baseline for `gate --baseline auto`. */
  green: boolean;
  verdict: Verdict;
  /** Which server the run was about (not the endpoint: CI ports change), so runs of one server compare. */
  target: { transport: TargetInfo['transport']; era: Era; server: string };
  fingerprint?: ServerFingerprint;
  models: string[];
  golden?: { file: string; sha256: string };
  checks: Array<{ id: string; level: Level; status: Status }>;
  cases: Array<{ id: string; model: string; kind: 'hard' | 'soft'; runs: number; passes: number; passRate: number }>;
  /** The report file this entry was made from, when it was written to disk. */
  reportFile?: string;
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
  /** Layer 1 results, when behaviour evals ran. */
  eval?: EvalReport;
  /** Layer 2 results beside the robustness probes (which are in `checks`): scan, pins, scenarios. */
  chaos?: ChaosReport;
}

// ---------------------------------------------------------------------------------------------
// Layer 1: behaviour evals (`eval` key of the report). Documented in docs/report-schema.md.

export type ArgIssueKind = 'missing' | 'unexpected' | 'wrong_value' | 'wrong_type';

export interface EvalArgIssue {
  argument: string;
  kind: ArgIssueKind;
  /** The match mode of the expectation; absent for `unexpected` (nothing was expected). */
  mode?: string;
  expected?: unknown;
  actual?: unknown;
}

export interface EvalToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Excerpt of what the server returned (or the refusal mcpgate sent instead of calling). */
  result: string;
  isError: boolean;
  refused?: boolean;
  serverMs: number;
}

export interface EvalSample {
  index: number;
  /** pass / fail; `error` when the sample could not run (model or server failure). */
  status: 'pass' | 'fail' | 'error';
  selection: 'correct' | 'wrong' | 'none' | 'not_applicable';
  overActivated: boolean;
  args?: { ok: boolean; issues: EvalArgIssue[] };
  sequence?: { ok: boolean; missing: string[]; extra: string[]; outOfOrder: boolean };
  forbidden: string[];
  /** Task completion by the judge; `not_measured` without a judge or when the judge failed. */
  completion: { status: 'pass' | 'fail' | 'not_measured'; reason?: string };
  reasons: string[];
  calls: EvalToolCall[];
  finalText: string;
  ended: 'answered' | 'max-steps' | 'error';
  error?: string;
  modelMs: number;
  serverMs: number;
  /** Model time of each model call of this run, in order. */
  stepMs: number[];
  /** Token counts; absent when the provider did not report them for every call. */
  inputTokens?: number;
  outputTokens?: number;
  modelCalls: number;
  cacheHits: number;
}

export interface EvalCaseResult {
  id: string;
  model: string;
  kind: 'hard' | 'soft';
  tags: string[];
  source: string;
  runs: number;
  passes: number;
  errors: number;
  passRate: number;
  /** Passes needed out of `runs`: N of N for hard cases, the soft floor otherwise (configurable). */
  required: number;
  /** Unbiased pass^k for k = 1..runs: the chance that k fresh samples all pass. */
  passHatK: number[];
  status: 'pass' | 'fail' | 'error';
  /** Passed some samples but not all: labelled apart from a stable failure. */
  flaky: boolean;
  message: string;
  /** One entry per independent run: the scored trajectory (calls, results, answer, timings, tokens). */
  trajectories: EvalSample[];
}

export interface EvalSummary {
  cases: number;
  passed: number;
  failed: number;
  errored: number;
  flaky: number;
  /** Correct first tool over positive samples. */
  selectionAccuracy: number | null;
  /** Negative samples where any tool was called, over negative samples. */
  overActivationRate: number | null;
  /** Samples with every expected argument right, over correctly selected samples with expectations. */
  argumentAccuracy: number | null;
  /** Samples whose calls matched the expected sequence, over sequence samples. */
  sequenceAccuracy: number | null;
  /** Judge passes over judged samples; null when nothing was judged (not measured). */
  completionRate: number | null;
  /** Mean over cases of pass^k at k = runs. */
  passHatK: number | null;
  providerCalls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
}

/** Latency percentiles in milliseconds, from an HDR-style histogram (see telemetry/histogram.ts). */
export interface LatencyFigures {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
  max: number;
}

/** Layer 3 figures of one model in an eval run. */
export interface ModelTelemetry {
  /** Per model call (model time only). */
  modelCallMs: LatencyFigures | null;
  /** Per tool call sent to the server (server time only). */
  toolCallMs: LatencyFigures | null;
  /** Per run of a case: model and server time together. */
  runMs: LatencyFigures | null;
  tokens: { input: number | null; output: number | null; perRun: number | null };
  /**
   * US dollars. `usd` prices every model call of the run (cached ones included: what the suite
   * costs); `spentUsd` only the calls that reached the provider this time. Null when unknown.
   */
  cost: { usd: number | null; perRunUsd: number | null; spentUsd: number | null; inputPerMTok: number | null; outputPerMTok: number | null; priceSource: string; pricedAt: string };
}

export interface EvalReport {
  golden: { file: string; sha256: string; cases: number };
  models: Array<{ id: string; kind: 'llm' | 'lexical-baseline' }>;
  /** The pinned judge model, or null: task completion is then not measured. */
  judge: { id: string } | null;
  settings: { runs: number; maxSteps: number; temperature: number; softMinPasses: number; cache: string; concurrency: number };
  cases: EvalCaseResult[];
  summary: EvalSummary;
  perModel: Record<string, EvalSummary>;
  /** Latency, tokens and cost per model (layer 3). */
  telemetry: Record<string, ModelTelemetry>;
  /** Present when the run covered one shard of the golden set (`--shard i/n`); `mcpgate merge` joins them. */
  shard?: { index: number; count: number };
  /** Case x model: passes of runs per cell. */
  matrix: { models: string[]; rows: Array<{ id: string; cells: Record<string, { passes: number; runs: number; status: EvalCaseResult['status']; flaky: boolean }> }> };
}
