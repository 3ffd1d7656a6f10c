/**
 * Which report a run is gated against: a file the user named, or `auto`, the newest green or accepted
 * run of the same server, with models overlapping this run's, in the history, other than this run
 * (baseline-choice.ts). A baseline that cannot be used makes the gate inconclusive (exit 5), never a
 * usage error, except on the first run of a history that is being recorded, where the hard rules
 * decide alone: see docs/gate.md.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { readBounded, REPORT_FILE } from '../shared/files.js';
import { usageError } from '../shared/input-error.js';
import { readAcceptances } from './accepted.js';
import { baselineCandidates } from './baseline-choice.js';
import { gateFirstRun, gateReports, gateWithoutBaseline } from './gate.js';
import { runIdOf } from './history-entry.js';
import { readHistory, recordRun } from './history.js';
import { loadEntryReport } from './report-store.js';
import { describeIdentity, targetIdentity } from './target.js';
import type { BaselineTaken, GateOptions, GateResult } from './types.js';

/** With `auto`, the line `mcpgate gate` gives for a run it does not record: it can never become the baseline. */
export const NOT_RECORDED_BY_GATE = 'this run is not recorded (pass --record), so it can never become the baseline';

export interface BaselineSource {
  /** A report file, or `auto`. */
  baseline: string;
  historyDir: string;
  /** This run will be recorded: with `auto` and no usable green run, it starts the history (gateFirstRun). */
  record?: boolean;
  /**
   * With `auto`, when this run is not recorded (and not in the history already): the line that says so,
   * worded for where recording is switched on (default NOT_RECORDED_BY_GATE). Given as a warning and
   * kept in the result's `notRecorded`.
   */
  notRecorded?: string;
}

type Resolved = { baseline: Report; taken: BaselineTaken } | { unavailable: string };

/** A baseline file the user named on the command line or in mcpgate.yaml. */
function readBaselineFile(file: string): Resolved {
  if (!existsSync(file)) return { unavailable: `the baseline ${file} does not exist` };
  const read = readBounded(file, REPORT_FILE);
  if ('refused' in read) return { unavailable: `the baseline ${file} cannot be read: ${read.cause}` };
  try {
    return { baseline: parseReport(read.bytes.toString('utf8')), taken: { source: file } };
  } catch (error) {
    return { unavailable: `the baseline ${file} cannot be used: ${(error as Error).message}` };
  }
}

/**
 * The preferred green or accepted run whose stored report is usable; each unusable one is skipped with
 * a warning naming it. `recorded`: this very run is in the history already.
 */
function autoBaseline(dir: string, current: Report, onWarning: (warning: string) => void): { resolved: Resolved; recorded: boolean } {
  const identity = targetIdentity(current.target);
  const models = current.eval?.models.map((m) => m.id) ?? [];
  const currentId = runIdOf(current);
  const { entries, warnings } = readHistory(dir);
  const { acceptances, warnings: unreadable } = readAcceptances(dir);
  for (const warning of [...warnings, ...unreadable]) onWarning(warning);
  const recorded = entries.some(({ entry }) => entry.runId === currentId);
  const candidates = baselineCandidates(entries, acceptances, { target: identity, models, excludeRunId: currentId });
  for (const { file, entry, accepted } of candidates) {
    const report = loadEntryReport(dir, entry);
    if (typeof report === 'string') {
      onWarning(`skipped history entry ${file} (run ${entry.runId}) as a baseline: ${report}`);
      continue;
    }
    const taken: BaselineTaken = {
      source: join(dir, entry.report?.file ?? entry.reportFile ?? ''),
      runId: entry.runId,
      exitCode: entry.verdict.exitCode,
      ...(accepted ? { accepted: { acceptedAt: accepted.acceptedAt, reason: accepted.reason } } : {}),
    };
    return { resolved: { baseline: report, taken }, recorded };
  }
  const modelsText = models.length > 0 ? `models ${models.join(', ')}` : 'no models';
  const skipped = candidates.length > 0 ? ` (${candidates.length} skipped: their reports cannot be used)` : '';
  return {
    resolved: { unavailable: `no usable green run of ${describeIdentity(identity)} with ${modelsText} in ${dir}${skipped}` },
    recorded,
  };
}

/** Gates a report against a baseline file or `auto` (the last green or accepted run in the history); shared with `mcpgate run`. */
export function gateAgainst(
  current: Report,
  where: BaselineSource,
  options: GateOptions,
  onWarning: (warning: string) => void,
): GateResult {
  if (where.baseline !== 'auto') return decide(current, readBaselineFile(where.baseline), false, options);
  const { resolved, recorded } = autoBaseline(where.historyDir, current, onWarning);
  const result = decide(current, resolved, where.record === true, options);
  if (where.record || recorded) return result;
  const notRecorded = where.notRecorded ?? NOT_RECORDED_BY_GATE;
  onWarning(notRecorded);
  return { ...result, notRecorded };
}

function decide(current: Report, resolved: Resolved, startsHistory: boolean, options: GateOptions): GateResult {
  if ('baseline' in resolved) return gateReports(current, resolved.baseline, options, resolved.taken);
  if (startsHistory) return gateFirstRun(current, resolved.unavailable, `recorded run ${runIdOf(current)} as the baseline`, options);
  return gateWithoutBaseline(current, resolved.unavailable, options);
}

/** Appends a run to the history, its report stored inside; a directory that cannot be written is a usage error. */
export function recordInHistory(dir: string, report: Report): ReturnType<typeof recordRun> {
  try {
    return recordRun(dir, report);
  } catch (error) {
    throw usageError(`cannot record the run in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
