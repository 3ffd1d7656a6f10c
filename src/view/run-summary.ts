/**
 * What the viewer knows of a run without opening its report: one small record per history entry,
 * enough for the runs list, the baseline choice, a case over time and the confusions over time. It
 * is made once from the entry and the gist of its stored report (report-gist.ts: the commit, the
 * mcpgate version and the confusions are only in the report), then kept in the index cache
 * (summary-cache.ts), so a list of a thousand runs never parses a thousand reports.
 */

import { z } from 'zod';
import { HistoryEntrySchema, ServerFingerprintSchema, type HistoryEntry } from '../report/model.js';
import { count } from '../report/contract/values.js';
import { isRecord } from '../shared/guards.js';
import type { ReportGist } from './report-gist.js';

/** Bumped when the summary changes shape: a cached summary of another version is made anew. */
export const SUMMARY_VERSION = 1;

/** The run ids mcpgate writes (history-entry.ts): 16 hex digits, safe in a URL and a file name. */
export const RUN_ID = /^[0-9a-f]{16}$/;

export interface CaseRow {
  id: string;
  model: string;
  kind: 'hard' | 'soft';
  runs: number;
  passes: number;
  /** Samples that could not run: left out of a rate's denominator, as the gate leaves them out. */
  errors: number;
  /** The case's status in its report; absent when only the entry could be read. */
  status?: string;
}

const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;

function isCaseRow(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { id, model, kind, runs, passes, errors, status } = value;
  return (
    typeof id === 'string' &&
    typeof model === 'string' &&
    (kind === 'hard' || kind === 'soft') &&
    isCount(runs) &&
    isCount(passes) &&
    isCount(errors) &&
    (status === undefined || typeof status === 'string')
  );
}

/**
 * A row per case and model, a thousand runs read at start-up: checked in one pass by hand, where a
 * schema checked field by field took seconds on a big history.
 */
const CaseRowsSchema = z.custom<CaseRow[]>((value) => Array.isArray(value) && value.every(isCaseRow), { error: 'a list of case rows' });

/** One off-diagonal cell of a model's confusion table: `chosen` was called first where `expected` was. */
const ConfusionRowSchema = z.object({
  model: z.string(),
  expected: z.string().nullable(),
  chosen: z.string().nullable(),
  count,
  cases: z.array(z.string()),
});
export type ConfusionRow = z.output<typeof ConfusionRowSchema>;

export const RunSummarySchema = z.object({
  version: z.literal(SUMMARY_VERSION),
  /** The entry file's name in the history directory and its size, which the cache checks. */
  entryFile: z.string(),
  entryBytes: count,
  runId: z.string().regex(RUN_ID),
  startedAt: z.string(),
  green: z.boolean(),
  exitCode: count,
  reason: z.string(),
  /** The suite state beside the decision, when the report had one. */
  suite: z.object({ state: z.enum(['all-pass', 'not-all-pass']), summary: z.string() }).optional(),
  target: HistoryEntrySchema.shape.target,
  fingerprint: ServerFingerprintSchema.optional(),
  serverVersion: z.string().optional(),
  models: z.array(z.string()),
  golden: z.object({ file: z.string(), sha256: z.string() }).optional(),
  judge: z.string().optional(),
  commit: z.string().optional(),
  mcpgateVersion: z.string().optional(),
  /** The run its own gate compared with, when `mcpgate run` gated it against a recorded run. */
  gateBaseline: z.string().optional(),
  checks: z.object({ total: count, passed: count, mustFailures: count }),
  /** Per samples per model: the confusion table's size, so a cell reads as a share. */
  confusionSamples: z.record(z.string(), count),
  cases: CaseRowsSchema,
  confusions: z.array(ConfusionRowSchema),
  /** Why the stored report could not be read; the summary then holds what the entry says. */
  reportProblem: z.string().optional(),
  report: HistoryEntrySchema.shape.report,
  reportFile: z.string().optional(),
});
export type RunSummary = z.output<typeof RunSummarySchema>;

/** The summary of an entry and its report, or of the entry alone with the reason its report was unusable. */
export function summarise(entryFile: string, entryBytes: number, entry: HistoryEntry, report: ReportGist | string): RunSummary {
  const fromReport = typeof report === 'string' ? undefined : report;
  const cases: CaseRow[] = fromReport?.eval
    ? fromReport.eval.cases.map((c) => ({
        id: c.id,
        model: c.model,
        kind: c.kind,
        runs: c.runs,
        passes: c.passes,
        errors: c.errors,
        status: c.status,
      }))
    : entry.cases.map((c) => ({ id: c.id, model: c.model, kind: c.kind, runs: c.runs, passes: c.passes, errors: 0 }));
  const confusions = Object.entries(fromReport?.eval?.confusions ?? {}).flatMap(([model, table]) =>
    table.cells
      .filter((cell) => cell.expected !== cell.chosen)
      .map((cell) => ({ model, expected: cell.expected, chosen: cell.chosen, count: cell.count, cases: cell.cases.map((c) => c.id) })),
  );
  const confusionSamples = Object.fromEntries(Object.entries(fromReport?.eval?.confusions ?? {}).map(([m, t]) => [m, t.samples]));
  const suite = fromReport?.verdict.suite ?? entry.verdict.suite;
  const gateBaseline = fromReport?.gate && 'runId' in fromReport.gate.baseline ? fromReport.gate.baseline.runId : undefined;
  const serverVersion = entry.fingerprint?.serverVersion ?? fromReport?.target.serverInfo?.version;
  return {
    version: SUMMARY_VERSION,
    entryFile,
    entryBytes,
    runId: entry.runId,
    startedAt: entry.startedAt,
    green: entry.green,
    exitCode: entry.verdict.exitCode,
    reason: entry.verdict.reason,
    ...(suite ? { suite: { state: suite.state, summary: suite.summary } } : {}),
    target: entry.target,
    ...(entry.fingerprint ? { fingerprint: entry.fingerprint } : {}),
    ...(serverVersion !== undefined ? { serverVersion } : {}),
    models: entry.models,
    ...(entry.golden ? { golden: entry.golden } : {}),
    ...(fromReport?.eval?.judge ? { judge: fromReport.eval.judge.id } : {}),
    ...(fromReport?.commit !== undefined ? { commit: fromReport.commit } : {}),
    ...(fromReport ? { mcpgateVersion: fromReport.tool.version } : {}),
    ...(gateBaseline !== undefined ? { gateBaseline } : {}),
    checks: {
      total: entry.checks.length,
      passed: entry.checks.filter((c) => c.status === 'pass').length,
      mustFailures: entry.checks.filter((c) => c.level === 'MUST' && c.status === 'fail').length,
    },
    confusionSamples,
    cases,
    confusions,
    ...(typeof report === 'string' ? { reportProblem: report } : {}),
    ...(entry.report ? { report: entry.report } : {}),
    ...(entry.reportFile !== undefined ? { reportFile: entry.reportFile } : {}),
  };
}

/** Cases passed of case runs measured, over every case and model; checks passed when the run had no cases. */
export function passLine(run: RunSummary): string {
  const measured = run.cases.reduce((n, c) => n + c.runs - c.errors, 0);
  if (measured > 0) {
    const passes = run.cases.reduce((n, c) => n + c.passes, 0);
    return `${Math.round((passes / measured) * 1000) / 10}% of ${measured} case runs`;
  }
  if (run.checks.total > 0) return `${run.checks.passed}/${run.checks.total} checks passed`;
  return '-';
}

/** The entry as loadEntryReport reads it: only where its report is stored matters. */
export function storedEntry(run: RunSummary): Pick<HistoryEntry, 'report' | 'reportFile'> {
  return { ...(run.report ? { report: run.report } : {}), ...(run.reportFile !== undefined ? { reportFile: run.reportFile } : {}) };
}
