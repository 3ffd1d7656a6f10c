/**
 * A case over time, per model: its pass rate in every run of its server, with the Wilson interval the
 * gate uses, and each drop labelled as the gate labels drift (gate/drift.ts): the server unchanged
 * points at the model (a provider's update behind the same id), a changed server at the server.
 */

import { driftLabel } from '../gate/drift.js';
import { measured } from '../gate/measure.js';
import { sameTarget, type TargetIdentity } from '../gate/target.js';
import { DEFAULT_GATE_OPTIONS } from '../gate/types.js';
import { zFor } from '../gate/wilson.js';
import type { DriftLabel, MeasuredRate } from '../report/model.js';
import { caseKey } from './case-key.js';
import type { IndexSnapshot } from './history-index.js';
import type { CaseRow, RunSummary } from './run-summary.js';

export interface CasePoint {
  run: RunSummary;
  row: CaseRow;
  rate: MeasuredRate;
  /** Set when the rate dropped since the model's previous run of this case. */
  drop?: DriftLabel;
  /** The server's fingerprint differs from the previous run's. */
  serverChanged: boolean;
}

export interface CaseHistory {
  target: TargetIdentity;
  id: string;
  /** The runs of this server, oldest first: the x axis of every model's line. */
  runs: RunSummary[];
  models: Array<{ model: string; points: CasePoint[] }>;
}

/** Every case of the history, once per server: its key, server and id. */
export function casesOf(snapshot: IndexSnapshot): Map<string, { target: TargetIdentity; id: string }> {
  const seen = new Set<string>();
  const cases = new Map<string, { target: TargetIdentity; id: string }>();
  for (const run of snapshot.runs)
    for (const c of run.cases) {
      const name = `${run.target.transport}\u0000${run.target.era}\u0000${run.target.server}\u0000${c.id}`;
      if (seen.has(name)) continue;
      seen.add(name);
      cases.set(caseKey(run.target, c.id), { target: run.target, id: c.id });
    }
  return cases;
}

export function caseHistory(snapshot: IndexSnapshot, target: TargetIdentity, id: string): CaseHistory {
  const z = zFor(DEFAULT_GATE_OPTIONS.confidence);
  const runs = snapshot.runs.filter((r) => sameTarget(r.target, target));
  const byModel = new Map<string, CasePoint[]>();
  for (const run of runs)
    for (const row of run.cases) {
      if (row.id !== id) continue;
      const points = byModel.get(row.model) ?? [];
      const rate = measured({ k: row.passes, n: row.runs - row.errors }, z);
      const previous = points.at(-1);
      const serverChanged = previous !== undefined && driftLabel(run.fingerprint, previous.run.fingerprint) === 'regression';
      const dropped = previous !== undefined && rate.n > 0 && previous.rate.n > 0 && rate.rate < previous.rate.rate;
      points.push({ run, row, rate, serverChanged, ...(dropped ? { drop: driftLabel(run.fingerprint, previous.run.fingerprint) } : {}) });
      byModel.set(row.model, points);
    }
  const models = [...byModel].map(([model, points]) => ({ model, points })).sort((a, b) => a.model.localeCompare(b.model));
  return { target, id, runs, models };
}

/** The newest run in which the case had a sample that did not pass, for one model. */
export function newestFailing(points: readonly CasePoint[]): CasePoint | undefined {
  return [...points].reverse().find((p) => p.row.passes < p.row.runs);
}

/** The run to take a passing sample from: the failing run itself when it passed some, else the newest that passed one. */
export function passingBeside(points: readonly CasePoint[], failing: CasePoint): CasePoint | undefined {
  if (failing.row.passes > 0) return failing;
  return [...points].reverse().find((p) => p.row.passes > 0);
}
