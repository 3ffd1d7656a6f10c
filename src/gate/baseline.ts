/**
 * Which report a run is gated against: a file the user named, or `auto`, the last green run of the same
 * server and models in the history. A baseline that cannot be used makes the gate inconclusive (exit 5),
 * never a usage error: see docs/gate.md.
 */

import { existsSync, readFileSync } from 'node:fs';
import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { usageError } from '../shared/input-error.js';
import { gateReports, gateWithoutBaseline } from './gate.js';
import { lastGreen, recordRun, reportFileOf } from './history.js';
import { describeIdentity, targetIdentity } from './target.js';
import type { GateOptions, GateResult } from './types.js';

export interface BaselineSource {
  /** A report file, or `auto`. */
  baseline: string;
  historyDir: string;
}

/** A baseline that cannot be used makes the gate inconclusive (exit 5), not a usage error: see docs/gate.md. */
function readBaseline(file: string, what: string): Report | string {
  if (!existsSync(file)) return `${what} ${file} does not exist`;
  try {
    return parseReport(readFileSync(file, 'utf8'));
  } catch (error) {
    return `${what} ${file} cannot be used: ${(error as Error).message}`;
  }
}

function resolveBaseline(where: BaselineSource, current: Report, onWarning: (warning: string) => void): { baseline: Report | string; source: string } {
  if (where.baseline !== 'auto') return { baseline: readBaseline(where.baseline, 'the baseline'), source: where.baseline };
  const identity = targetIdentity(current.target);
  const models = current.eval?.models.map((m) => m.id) ?? [];
  const { found, warnings } = lastGreen(where.historyDir, { target: identity, models, before: current.startedAt });
  for (const warning of warnings) onWarning(warning);
  const modelsText = models.length > 0 ? `models ${models.join(', ')}` : 'no models';
  if (!found) return { baseline: `no green run of ${describeIdentity(identity)} with ${modelsText} in ${where.historyDir}`, source: where.historyDir };
  const file = reportFileOf(where.historyDir, found.entry);
  const run = `the last green run (${found.entry.startedAt}, ${found.entry.runId})`;
  if (!file) return { baseline: `${run} was recorded without its report file`, source: found.file };
  return { baseline: readBaseline(file, `the report of ${run},`), source: file };
}

/** Gates a report against a baseline file or `auto` (the last green run in the history); shared with `mcpgate run`. */
export function gateAgainst(current: Report, where: BaselineSource, options: GateOptions, onWarning: (warning: string) => void): GateResult {
  const { baseline, source } = resolveBaseline(where, current, onWarning);
  return typeof baseline === 'string' ? gateWithoutBaseline(current, baseline, options) : gateReports(current, baseline, options, source);
}

/** Appends a run to the history; a directory that cannot be written is a usage error. */
export function recordInHistory(dir: string, report: Report, file: string): ReturnType<typeof recordRun> {
  try {
    return recordRun(dir, report, file);
  } catch (error) {
    throw usageError(`cannot record the run in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

