/** From a report to its line of history: per-case pass rates, checks, fingerprint, models, golden sha. */

import { createHash } from 'node:crypto';
import { renderJson } from '../report/json.js';
import { redactDeep } from '../shared/redact.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { targetIdentity } from './target.js';

/**
 * A run id derived from what the run measured: recording the same report twice names the same file,
 * so a retried CI step cannot add a duplicate entry. The verdict is left out because the gate rewrites
 * it after the run (and may name the run id in it), and so is the `gate` section beside it: the report
 * `mcpgate run` wrote and the report it recorded are the same run, and `gate --baseline auto` must recognise either as the current one.
 * The id is taken of the report as it is stored, masked: a run that quotes a secret (a server echoing a
 * header) is then the same run before and after it is recorded.
 */
export function runIdOf(report: Report): string {
  // The gate section is the gate's too, written with the verdict after the run.
  const { gate: _gate, ...run } = report;
  const measured = renderJson(redactDeep({ ...run, verdict: { exitCode: 0, reason: '' } }));
  return createHash('sha256').update(measured).digest('hex').slice(0, 16);
}

/** The entry's line per case and model: what drift and a chart over time read. */
export function caseLines(report: Report): HistoryEntry['cases'] {
  return (report.eval?.cases ?? []).map((c) => ({
    id: c.id,
    model: c.model,
    kind: c.kind,
    runs: c.runs,
    passes: c.passes,
    passRate: c.passRate,
  }));
}

export function toHistoryEntry(report: Report, stored?: HistoryEntry['report']): HistoryEntry {
  const evalReport = report.eval;
  return {
    schemaVersion: '1',
    runId: runIdOf(report),
    startedAt: report.startedAt,
    green: report.verdict.exitCode === 0,
    verdict: report.verdict,
    ...(report.target.fingerprint ? { fingerprint: report.target.fingerprint } : {}),
    models: evalReport ? evalReport.models.map((m) => m.id) : [],
    ...(evalReport ? { golden: { file: evalReport.golden.file, sha256: evalReport.golden.sha256 } } : {}),
    checks: report.checks.map((c) => ({ id: c.id, level: c.level, status: c.status })),
    cases: caseLines(report),
    ...(stored ? { report: stored } : {}),
    target: targetIdentity(report.target),
  };
}
