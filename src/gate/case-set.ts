/**
 * Which case results of a run can be compared with the baseline's. A golden set is edited as a
 * project grows, and a model is added or dropped; neither may stop the gate from judging the rest.
 * So results are matched as pairs of case and model, by the case id and its content hash
 * (`caseSha256`, see behavior/golden/case-sha.ts): a pair on both sides with the same definition is
 * compared; a pair only in this run is new (no baseline yet), one only in the baseline is removed,
 * and one whose definition changed is not compared. None of them fails or blocks the gate.
 */

import type { EvalCaseResult, GateCaseChange, Report } from '../report/model.js';

export interface ComparedPair {
  current: EvalCaseResult;
  baseline: EvalCaseResult;
}

export interface CaseMatch {
  /** Pairs with the same id, model and definition on both sides: the only ones the soft rules read. */
  compared: ComparedPair[];
  /** Pairs on one side only, or whose definition changed; in the order of this run, then the baseline's. */
  changes: GateCaseChange[];
  /**
   * Set when the definitions cannot be told apart: the golden files differ and a report (written by an
   * mcpgate before case hashes) does not say which case is which. Nothing can then be compared.
   */
  unknown?: string;
}

export const pairKey = (c: Pick<EvalCaseResult, 'id' | 'model'>): string => `${c.id}@${c.model}`;

const REASONS = {
  newCase: 'new: no baseline yet (the case is not in the baseline)',
  newModel: 'new: no baseline yet (the model is not in the baseline)',
  removedCase: 'removed (the case is not in this run)',
  removedModel: 'removed (the model is not in this run)',
  changed: 'changed: not compared (the case was edited since the baseline)',
} as const;

export function matchCases(current: Report, baseline: Report): CaseMatch {
  const now = current.eval?.cases ?? [];
  const then = baseline.eval?.cases ?? [];
  const modelsNow = new Set(current.eval?.models.map((m) => m.id));
  const modelsThen = new Set(baseline.eval?.models.map((m) => m.id));
  // The same golden bytes hold the same cases: reports written before case hashes match on that alone.
  const sameFile = current.eval?.golden.sha256 === baseline.eval?.golden.sha256;
  const hashed = now.every((c) => c.caseSha256) && then.every((c) => c.caseSha256);
  if (!sameFile && !hashed) {
    return {
      compared: [],
      changes: [],
      unknown:
        'the golden set changed and one of the reports (written by an earlier mcpgate) does not say which cases changed; soft scores were not compared',
    };
  }
  const before = new Map(then.map((c) => [pairKey(c), c]));
  const seen = new Set<string>();
  const compared: ComparedPair[] = [];
  const changes: GateCaseChange[] = [];
  for (const c of now) {
    const old = before.get(pairKey(c));
    seen.add(pairKey(c));
    if (!old) {
      changes.push({ id: c.id, model: c.model, change: 'new', reason: modelsThen.has(c.model) ? REASONS.newCase : REASONS.newModel });
    } else if (sameFile || old.caseSha256 === c.caseSha256) {
      compared.push({ current: c, baseline: old });
    } else {
      changes.push({ id: c.id, model: c.model, change: 'changed', reason: REASONS.changed });
    }
  }
  for (const old of then) {
    if (seen.has(pairKey(old))) continue;
    changes.push({
      id: old.id,
      model: old.model,
      change: 'removed',
      reason: modelsNow.has(old.model) ? REASONS.removedCase : REASONS.removedModel,
    });
  }
  return { compared, changes };
}

/** `2 new, 1 changed, 1 removed`: the case set's change in a clause, or '' when nothing changed. */
export function describeChanges(changes: readonly GateCaseChange[]): string {
  const count = (change: GateCaseChange['change']): number => changes.filter((c) => c.change === change).length;
  return (['new', 'changed', 'removed'] as const)
    .filter((change) => count(change) > 0)
    .map((change) => `${count(change)} ${change}`)
    .join(', ');
}
