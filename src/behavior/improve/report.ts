/**
 * improve.json: what was tried and what it proved, with the split it was proved on. The figures a
 * proposer learned from (in-sample) and those it never saw (held-out: the held-out part and the
 * paraphrases) are kept apart everywhere, and `generalisation` says in one sentence whether any gain
 * held on unseen cases. This interface is the shape of improve.json; docs/improve.md describes it.
 */

import type { EvalReport } from '../../report/model.js';
import type { ParaphraseSet } from '../paraphrase/paraphrase.js';
import { paraphrasedCase } from '../paraphrase/paraphrase.js';
import type { ImproveOutcome } from './loop.js';
import { measure, stateKey, type CaseState } from './measure.js';
import type { Split } from './split.js';
import type { CaseFigures, Proposer, RefusedProposal, Trial, UnreadableAnswer } from './types.js';

type Figures = Pick<CaseFigures, 'selection' | 'passes'>;

export interface BeforeAfter {
  before: Figures;
  /** Absent when the budget left no room for the final run. */
  after?: Figures;
}

export interface ImproveCaseRow extends BeforeAfter {
  id: string;
  model: string;
  /** For a paraphrase: the golden case it rewords. */
  paraphraseOf?: string;
}

export interface ImproveReport {
  tool: 'mcpgate improve';
  proposer: { id: string; kind: Proposer['kind']; note?: string };
  models: string[];
  golden: EvalReport['golden'];
  runs: number;
  /** The split the proof rests on: which cases each trial held out from the proposer. */
  split: Split;
  /** Present with --paraphrases: who wrote them and how many; they are held out from every proposer. */
  paraphrases?: Omit<ParaphraseSet, 'cases'> & { written: number };
  stopped: string;
  budget: { limit: number | null; providerCalls: number; exhausted: boolean };
  accepted: number;
  /** In one sentence: whether the accepted gains held on unseen cases, or why nothing was kept. */
  generalisation: string;
  trials: Trial[];
  /** Proposals refused before any measurement: a golden entity or another tool's words, named. */
  refused: RefusedProposal[];
  /** Proposer answers that held no proposal mcpgate could read, each with a short escaped excerpt. */
  unreadable: UnreadableAnswer[];
  /**
   * Per model, before and after: `before`/`after` over every golden case; with one hold-out, the same
   * over the cases proposers learned from (`inSample`) and over those they never saw (`heldOut`); with
   * paraphrases, over the paraphrases. With k folds every case was held out from some trials and shown
   * to others, so the held-out figures are the trials'.
   */
  perModel: Array<BeforeAfter & { model: string; inSample?: BeforeAfter; heldOut?: BeforeAfter; paraphrases?: BeforeAfter }>;
  cases: ImproveCaseRow[];
}

export interface ReportContext {
  runs: number;
  budget?: number;
  split: Split;
  paraphrases?: ParaphraseSet;
}

export function improveReport(outcome: ImproveOutcome, proposer: Proposer, context: ReportContext): ImproveReport {
  const before = measure(outcome.before);
  const after = outcome.after ? measure(outcome.after) : undefined;
  const models = outcome.before.models.map((m) => m.id);
  const paraphraseIds = new Set(context.paraphrases?.cases.map((c) => c.id) ?? []);
  const cases: ImproveCaseRow[] = outcome.before.cases.map((c) => ({
    id: c.id,
    model: c.model,
    ...(paraphraseIds.has(c.id) ? { paraphraseOf: paraphrasedCase(c.id) } : {}),
    ...figuresOf(before, after, c.model, c.id),
  }));
  const heldOut = context.split.kind === 'holdout' ? new Set(context.split.parts[0]) : undefined;
  const over = (model: string, keep: (row: ImproveCaseRow) => boolean): BeforeAfter =>
    sum(
      cases.filter((r) => r.model === model && keep(r)),
      after !== undefined,
    );
  const isGolden = (r: ImproveCaseRow): boolean => r.paraphraseOf === undefined;
  return {
    tool: 'mcpgate improve',
    proposer: {
      id: proposer.id,
      kind: proposer.kind,
      ...(proposer.kind === 'heuristic'
        ? { note: 'lexical heuristic, not a model: adds a purpose line from the schema, the words its requests share and "Not for" lines' }
        : {}),
    },
    models,
    golden: { ...outcome.before.golden, cases: outcome.before.golden.cases - paraphraseIds.size },
    runs: context.runs,
    split: context.split,
    ...(context.paraphrases ? { paraphrases: paraphraseSummary(context.paraphrases) } : {}),
    stopped: outcome.stopped,
    budget: { limit: context.budget ?? null, providerCalls: outcome.providerCalls, exhausted: outcome.budgetExhausted },
    accepted: outcome.trials.filter((t) => t.accepted).length,
    generalisation: generalisation(outcome.trials, outcome.refused),
    trials: outcome.trials,
    refused: outcome.refused,
    unreadable: outcome.unreadable,
    perModel: models.map((model) => ({
      model,
      ...over(model, isGolden),
      ...(heldOut
        ? { inSample: over(model, (r) => isGolden(r) && !heldOut.has(r.id)), heldOut: over(model, (r) => heldOut.has(r.id)) }
        : {}),
      ...(paraphraseIds.size > 0 ? { paraphrases: over(model, (r) => !isGolden(r)) } : {}),
    })),
    cases,
  };
}

function paraphraseSummary(set: ParaphraseSet): NonNullable<ImproveReport['paraphrases']> {
  const { cases, ...rest } = set;
  return { ...rest, written: cases.length };
}

function figuresOf(before: Map<string, CaseState>, after: Map<string, CaseState> | undefined, model: string, id: string): BeforeAfter {
  const key = stateKey(model, id);
  const b = before.get(key)!.figures;
  const a = after?.get(key)?.figures;
  return { before: pick(b), ...(a ? { after: pick(a) } : {}) };
}

function pick(f: CaseFigures): Figures {
  return { selection: f.selection, passes: f.passes };
}

function sum(rows: readonly BeforeAfter[], measured: boolean): BeforeAfter {
  const total = (side: 'before' | 'after', what: 'selection' | 'passes'): { k: number; n: number } => ({
    k: rows.reduce((n, r) => n + (r[side]?.[what].k ?? 0), 0),
    n: rows.reduce((n, r) => n + (r[side]?.[what].n ?? 0), 0),
  });
  return {
    before: { selection: total('before', 'selection'), passes: total('before', 'passes') },
    ...(measured ? { after: { selection: total('after', 'selection'), passes: total('after', 'passes') } } : {}),
  };
}

/** Whether the kept gains held on unseen cases, or why nothing was kept, in one sentence. */
export function generalisation(trials: readonly Trial[], refused: readonly RefusedProposal[]): string {
  const kept = trials.filter((t) => t.accepted);
  const refusedNote =
    refused.length > 0 ? `; ${refused.length} proposal(s) refused for carrying a golden entity or another tool's words` : '';
  if (kept.length > 0) {
    const b = kept.reduce((n, t) => n + t.heldOut.before.k, 0);
    const a = kept.reduce((n, t) => n + t.heldOut.after.k, 0);
    const n = kept.reduce((x, t) => x + t.heldOut.after.n, 0);
    return `${kept.length} rewrite(s) kept, each with a significant gain on cases its proposer never saw (right picks on those cases ${b}/${n} -> ${a}/${n})${refusedNote}`;
  }
  const overfit = trials.filter((t) => t.inSample.significant && !t.heldOut.significant);
  if (overfit.length > 0)
    return `no gain generalised: ${overfit.length} rewrite(s) helped the cases they learned from but not unseen ones, and none was kept${refusedNote}`;
  if (trials.length > 0) return `no rewrite showed a significant gain on unseen cases without a regression${refusedNote}`;
  return `no rewrite was measured${refusedNote}`;
}
