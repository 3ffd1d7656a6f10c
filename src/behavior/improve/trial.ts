/**
 * One trial of a proposal: which cases it is re-run on, and the verdict. The proof is held out: the
 * gain that counts is on cases the proposer never saw (the held-out part and every paraphrase) that a
 * model picked wrong with a rewritten tool involved; the gain on the cases it learned from is
 * reported beside it, never instead of it. A proposal is kept only when the unseen gain is significant
 * and no re-run case, and no model over the unseen cases or over all re-run cases, drops significantly.
 */

import { createHash } from 'node:crypto';
import { gainInterval, pooled, significantDrop, stateKey, type CaseState } from './measure.js';
import type { CaseFigures, Confusion, Gain, Proposal, Tally, Trial } from './types.js';

export interface TrialPlan {
  /** The confusion's cases: what the proposer learned from. */
  inSample: string[];
  /** Unseen cases picked wrong with a rewritten tool involved: held-out golden cases, then paraphrases. */
  heldOut: string[];
  paraphrases: string[];
  /** Other cases touching a rewritten tool, then a guard sample of the rest. */
  guard: string[];
}

export interface PlanInput {
  confusion: Confusion;
  proposal: Proposal;
  state: Map<string, CaseState>;
  /** Every case measured, golden then paraphrases, in order. */
  order: readonly string[];
  /** The held-out part of the golden set for this trial. */
  heldOutPart: ReadonlySet<string>;
  paraphrases: ReadonlySet<string>;
  guardSize: number;
}

/**
 * The guard sample is the same for every proposal of a run: the other cases in the order of a hash of
 * their id, so it is spread over the golden set rather than its first lines.
 */
export function planTrial({ confusion, proposal, state, order, heldOutPart, paraphrases, guardSize }: PlanInput): TrialPlan {
  const rewritten = new Set(proposal.rewrites.map((r) => r.tool));
  const cellsOf = new Map<string, CaseState['cells']>();
  for (const { figures, cells } of state.values()) cellsOf.set(figures.id, [...(cellsOf.get(figures.id) ?? []), ...cells]);
  const involves = (cell: { expected: string | null; chosen: string | null }): boolean =>
    (cell.expected !== null && rewritten.has(cell.expected)) || (cell.chosen !== null && rewritten.has(cell.chosen));
  const wrong = (id: string): boolean => (cellsOf.get(id) ?? []).some((c) => c.expected !== c.chosen && involves(c));
  const touching = (id: string): boolean => (cellsOf.get(id) ?? []).some(involves);

  const inSample = order.filter((id) => confusion.cases.includes(id));
  const heldOut = order.filter((id) => heldOutPart.has(id) && wrong(id));
  const paraphrased = order.filter((id) => paraphrases.has(id) && wrong(id));
  const targets = new Set([...inSample, ...heldOut, ...paraphrased]);
  const near = order.filter((id) => !targets.has(id) && touching(id));
  const hash = (id: string): string => createHash('sha256').update(id).digest('hex');
  const rest = order.filter((id) => !targets.has(id) && !near.includes(id)).sort((a, b) => (hash(a) < hash(b) ? -1 : 1));
  return { inSample, heldOut, paraphrases: paraphrased, guard: [...near, ...rest.slice(0, guardSize)] };
}

export interface JudgeInput {
  round: number;
  part: number;
  confusion: Confusion;
  proposal: Proposal;
  plan: TrialPlan;
  before: Map<string, CaseState>;
  after: Map<string, CaseState>;
  /** Unseen by this trial's proposer: the held-out part and the paraphrases. */
  unseen: ReadonlySet<string>;
  models: readonly string[];
  z: number;
}

const selection = (f: CaseFigures): Tally => f.selection;
const passes = (f: CaseFigures): Tally => f.passes;
const MEASURES = [
  ['selection', selection],
  ['passes', passes],
] as const;

export function judgeTrial({ round, part, confusion, proposal, plan, before, after, unseen, models, z }: JudgeInput): Trial {
  const keys = (ids: readonly string[]): string[] => models.flatMap((m) => ids.map((id) => stateKey(m, id)));
  const gain = (ids: readonly string[]): Gain => {
    const b = pooled(before, keys(ids), selection);
    const a = pooled(after, keys(ids), selection);
    return { before: b, after: a, ...gainInterval(b, a, z) };
  };
  const inSample = { cases: plan.inSample, ...gain(plan.inSample) };
  const heldOut = { cases: plan.heldOut, paraphrases: plan.paraphrases, ...gain([...plan.heldOut, ...plan.paraphrases]) };
  const all = [...new Set([...plan.inSample, ...plan.heldOut, ...plan.paraphrases, ...plan.guard])];
  const regressions: string[] = [];
  for (const key of keys(all)) {
    const b = before.get(key)?.figures;
    const a = after.get(key)?.figures;
    if (!a || !b) continue;
    for (const [what, pick] of MEASURES)
      if (significantDrop(pick(b), pick(a), z)) regressions.push(`${a.id} with ${a.model}: ${what} ${tally(pick(b))} -> ${tally(pick(a))}`);
  }
  const unseenRun = all.filter((id) => unseen.has(id));
  const groups: Array<[string, string[]]> = [['the unseen re-run cases', unseenRun]];
  if (unseenRun.length < all.length) groups.push(['all re-run cases', all]);
  for (const model of models)
    for (const [label, ids] of groups)
      for (const [what, pick] of MEASURES) {
        const b = pooled(
          before,
          ids.map((id) => stateKey(model, id)),
          pick,
        );
        const a = pooled(
          after,
          ids.map((id) => stateKey(model, id)),
          pick,
        );
        if (significantDrop(b, a, z)) regressions.push(`${model} over ${label}: ${what} ${tally(b)} -> ${tally(a)}`);
      }
  const accepted = heldOut.significant && regressions.length === 0;
  return {
    round,
    part,
    confusion,
    proposal,
    inSample,
    heldOut,
    guardCases: plan.guard,
    regressions,
    generalises: heldOut.significant,
    accepted,
    reason: verdictReason(inSample, heldOut, regressions, proposal),
    providerCalls: 0,
  };
}

function verdictReason(
  inSample: Gain,
  heldOut: Gain & { cases: string[]; paraphrases: string[] },
  regressions: string[],
  proposal: Proposal,
): string {
  const seen = `in-sample ${tally(inSample.before)} -> ${tally(inSample.after)}${inSample.significant ? ', significant' : ''}`;
  const unseen = `held-out ${tally(heldOut.before)} -> ${tally(heldOut.after)}`;
  if (heldOut.cases.length + heldOut.paraphrases.length === 0) {
    const tools = proposal.rewrites.map((r) => r.tool).join(', ');
    return `no unseen case tests it (no held-out case or paraphrase involving ${tools} is picked wrong; ${seen}): not accepted; add cases or use --paraphrases`;
  }
  if (heldOut.significant && regressions.length === 0)
    return `right picks on unseen cases ${tally(heldOut.before)} -> ${tally(heldOut.after)}, significant (${seen}); no case or model dropped significantly`;
  if (heldOut.significant) return `significant gain on unseen cases (${unseen}), but ${regressions.length} significant regression(s)`;
  if (inSample.significant)
    return `helps the cases it learned from (${seen}) but not the unseen ones (${unseen}): the gain does not generalise`;
  return `no significant gain (${seen}; ${unseen})`;
}

function tally(t: Tally): string {
  return `${t.k}/${t.n}`;
}
