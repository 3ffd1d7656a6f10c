/** `mcpgate baseline accept [RUN|latest]`: a recorded run becomes the baseline on purpose, with a reason. */

import { acceptReason, recordAcceptance } from '../../gate/accepted.js';
import { readHistory, type StoredEntry } from '../../gate/history.js';
import { listed } from '../../gate/measure.js';
import { loadEntryReport } from '../../gate/report-store.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageError } from '../../shared/input-error.js';
import type { AcceptFlags } from './flags.js';
import { warnOnStderr, writeOut } from '../console.js';

/** A run id as `mcpgate history` lists it, or the start of one that names a single run. */
function findRun(entries: readonly StoredEntry[], wanted: string, dir: string): StoredEntry {
  if (wanted === 'latest') return entries.at(-1)!;
  const listRuns = `list the runs with: mcpgate history --history-dir ${dir}`;
  const exact = entries.find(({ entry }) => entry.runId === wanted);
  if (exact) return exact;
  const matches = wanted.length >= 4 ? entries.filter(({ entry }) => entry.runId.startsWith(wanted)) : [];
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw usageError(
      `run id ${JSON.stringify(wanted)} matches ${matches.length} recorded runs (${listed(matches.map((m) => m.entry.runId))}): give more of it`,
    );
  throw usageError(`no recorded run ${JSON.stringify(wanted)} in ${dir}; ${listRuns}`);
}

export function acceptBaseline(run: string, flags: AcceptFlags): number {
  const dir = flags.history ?? flags.historyDir;
  const { entries, warnings } = readHistory(dir);
  for (const warning of warnings) warnOnStderr(warning);
  if (entries.length === 0)
    throw usageError(
      `no runs recorded in ${dir}, so none can be accepted: record one with mcpgate run (history.record) or mcpgate gate --record`,
    );
  const { entry } = findRun(entries, run, dir);
  // Accepting a run whose evidence is gone would leave the next gate nothing to compare with.
  const report = loadEntryReport(dir, entry);
  if (typeof report === 'string')
    throw usageError(`run ${entry.runId} cannot be the baseline: its stored report cannot be used (${report})`);
  const { acceptance } = recordAcceptance(dir, entry.runId, acceptReason(flags.reason));
  writeOut(
    `accepted run ${entry.runId} of ${entry.startedAt} (exit code ${entry.verdict.exitCode}) as the baseline: "${safe(acceptance.reason)}"; ` +
      'gate --baseline auto compares with it until a later green run or another accept\n',
  );
  return EXIT.pass;
}
