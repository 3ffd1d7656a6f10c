/**
 * `mcpgate history`'s listing: one line per run, oldest first, the figures a human scans for a trend,
 * and which run `gate --baseline auto` would take next and why (accepted by hand, or the last green run).
 */

import type { HistoryEntry } from '../report/model.js';
import { safe } from '../report/terminal-escape.js';
import { DEFAULT_ACCEPT_REASON, type StoredAcceptance } from './accepted.js';
import { baselineCandidates, type BaselineCandidate, type BaselineFields } from './baseline-choice.js';
import type { StoredEntry } from './history.js';
import { describeIdentity } from './target.js';
import { percent } from '../report/format.js';

/** Over every case run; a run without eval cases falls back on its checks. */
function overallPassRate(entry: HistoryEntry): string {
  const runs = entry.cases.reduce((sum, c) => sum + c.runs, 0);
  const passes = entry.cases.reduce((sum, c) => sum + c.passes, 0);
  if (runs > 0) return `${percent(passes / runs)} of ${runs} case runs`;
  const passed = entry.checks.filter((c) => c.status === 'pass').length;
  return entry.checks.length > 0 ? `${percent(passed / entry.checks.length)} of ${entry.checks.length} checks` : '-';
}

export interface CurrentBaseline<E extends BaselineFields = HistoryEntry> {
  /** What the next run is: a run of this server with these models. */
  of: string;
  candidate: BaselineCandidate<E>;
}

/** The baseline of a next run like each kind of run recorded (server and models), newest kind first. */
export function currentBaselines<E extends BaselineFields>(
  entries: ReadonlyArray<{ file: string; entry: E }>,
  acceptances: readonly StoredAcceptance[],
): Array<CurrentBaseline<E>> {
  const kinds = new Map<string, E>();
  for (const { entry } of [...entries].reverse()) {
    const key = JSON.stringify([entry.target, [...entry.models].sort()]);
    if (!kinds.has(key)) kinds.set(key, entry);
  }
  const baselines: Array<CurrentBaseline<E>> = [];
  for (const entry of kinds.values()) {
    const [candidate] = baselineCandidates(entries, acceptances, { target: entry.target, models: entry.models });
    const models = entry.models.length > 0 ? `models ${entry.models.join(', ')}` : 'no models';
    if (candidate) baselines.push({ of: `${describeIdentity(entry.target)} with ${models}`, candidate });
  }
  return baselines;
}

/** Why a run is the baseline, in a few words: the last green run, or accepted by hand (when and why). */
export function baselineWhy(candidate: Pick<BaselineCandidate<BaselineFields>, 'accepted'>): string {
  const accepted = candidate.accepted;
  if (!accepted) return 'the last green run';
  const reason = accepted.reason === DEFAULT_ACCEPT_REASON ? '' : `: "${accepted.reason}"`;
  return `accepted by hand on ${accepted.acceptedAt}${reason}`;
}

export function renderHistory(entries: StoredEntry[], dir: string, acceptances: readonly StoredAcceptance[] = []): string {
  if (entries.length === 0) return `no runs recorded in ${dir}\n`;
  const baselines = currentBaselines(entries, acceptances);
  const marks = new Map<string, string>();
  for (const { candidate } of baselines)
    if (!marks.has(candidate.entry.runId)) marks.set(candidate.entry.runId, candidate.accepted ? 'accepted' : 'last green');
  const header = ['started', 'run id', 'green', 'exit', 'tools sha', 'models', 'pass rate', 'baseline'];
  // Entries are data from a cache or a pull request: every cell is shown on one line, escaped.
  const rows = entries.map(({ entry }) =>
    [
      entry.startedAt,
      entry.runId,
      entry.green ? 'yes' : 'no',
      String(entry.verdict.exitCode),
      entry.fingerprint?.toolsSha256.slice(0, 12) ?? '-',
      entry.models.join(',') || '-',
      overallPassRate(entry),
      marks.get(entry.runId) ?? '',
    ].map(safe),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const footer = baselines.map(({ of, candidate }) => safe(`baseline of ${of}: run ${candidate.entry.runId}, ${baselineWhy(candidate)}`));
  if (baselines.length === 0)
    footer.push('no baseline yet: no run is green or accepted (mcpgate baseline accept RUN makes one the baseline)');
  return `${[line(header), ...rows.map(line)].join('\n')}\n${entries.length} run(s) in ${dir}\n${footer.join('\n')}\n`;
}
