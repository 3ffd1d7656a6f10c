/** From a report to its line of history: per-case pass rates, checks, fingerprint, models, golden sha. */

import { createHash } from 'node:crypto';
import { renderJson } from '../report/json.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { targetIdentity } from './target.js';


/**
 * A run id derived from the report's content: recording the same report twice names the same file,
 * so a retried CI step cannot add a duplicate entry.
 */
function runIdOf(report: Report): string {
  return createHash('sha256').update(renderJson(report)).digest('hex').slice(0, 16);
}

export function toHistoryEntry(report: Report, reportFile?: string): HistoryEntry {
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
    cases: (evalReport?.cases ?? []).map((c) => ({ id: c.id, model: c.model, kind: c.kind, runs: c.runs, passes: c.passes, passRate: c.passRate })),
    ...(reportFile ? { reportFile } : {}),
    target: targetIdentity(report.target),
  };
}
