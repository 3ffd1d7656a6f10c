/**
 * Which run is a baseline, by the gate's own rules (gate/baseline-choice.ts): the baseline a next run
 * of each kind would be gated against now, and the baseline of a past run, which is the run its gate
 * compared with when `mcpgate run` recorded that, or else the one `--baseline auto` would have taken
 * when it started (the newest green or accepted run of the same server and models before it).
 */

import { baselineCandidates } from '../gate/baseline-choice.js';
import type { BaselineAcceptance } from '../report/model.js';
import { baselineWhy, currentBaselines } from '../gate/history-render.js';
import type { IndexSnapshot } from './history-index.js';
import type { RunSummary } from './run-summary.js';

export interface BaselineMark {
  /** What kind of next run takes this one: `server over http (modern era) with models a, b`. */
  of: string;
  why: string;
}

const stored = (runs: readonly RunSummary[]) => runs.map((run) => ({ file: run.entryFile, entry: run }));

/** The runs a next run would be gated against, each with the kinds of run and the reason. */
export function currentMarks(snapshot: IndexSnapshot): Map<string, BaselineMark[]> {
  const marks = new Map<string, BaselineMark[]>();
  for (const { of, candidate } of currentBaselines(stored(snapshot.runs), snapshot.acceptances)) {
    const list = marks.get(candidate.entry.runId) ?? [];
    list.push({ of, why: baselineWhy(candidate) });
    marks.set(candidate.entry.runId, list);
  }
  return marks;
}

export type RunBaseline = { run: RunSummary; why: string; accepted?: BaselineAcceptance } | { none: string };

export function baselineOf(snapshot: IndexSnapshot, run: RunSummary): RunBaseline {
  const accepted = snapshot.acceptances.filter((a) => a.acceptance.acceptedAt < run.startedAt);
  if (run.gateBaseline !== undefined) {
    const taken = snapshot.byId.get(run.gateBaseline);
    const acceptance = accepted.filter((a) => a.acceptance.runId === run.gateBaseline).at(-1)?.acceptance;
    if (taken) return { run: taken, why: 'the run its gate compared with', ...(acceptance ? { accepted: acceptance } : {}) };
    return { none: `its gate compared with run ${run.gateBaseline}, which is not among the runs shown (pruned, or left out by --last)` };
  }
  const before = snapshot.runs.filter((r) => r.startedAt < run.startedAt);
  const [candidate] = baselineCandidates(stored(before), accepted, { target: run.target, models: run.models, excludeRunId: run.runId });
  if (candidate)
    return {
      run: candidate.entry,
      why: `${baselineWhy(candidate)} before this run started`,
      ...(candidate.accepted ? { accepted: candidate.accepted } : {}),
    };
  return { none: 'no green or accepted run of the same server and models was recorded before it' };
}
