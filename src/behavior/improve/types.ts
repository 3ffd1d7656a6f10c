/** `mcpgate improve`: proposals, the evidence for each, and the outcome. Data only. */

import type { ServerTool } from '../../spec/tool.js';
import type { GoldenSet } from '../types.js';

/** One off-diagonal cell of the confusion tables, across models: expected first tool vs chosen. */
export interface Confusion {
  expected: string | null;
  chosen: string | null;
  /** Wrong samples in the cell, over every model. */
  samples: number;
  cases: string[];
}

export interface Rewrite {
  tool: string;
  before: string;
  after: string;
  /** Why this text: which confusion it answers and what was added. */
  why: string;
}

export interface Proposal {
  label: string;
  rewrites: Rewrite[];
}

export interface ProposalInput {
  /** Its cases are training cases only. */
  confusion: Confusion;
  /** The tools as currently served (server descriptions with the overrides accepted so far). */
  tools: ServerTool[];
  /** The training part of the golden set: a proposer never sees a held-out case or a paraphrase. */
  golden: GoldenSet;
  round: number;
}

/** What the proposer gave for one confusion. */
export interface ProposerAnswer {
  /** Candidates, best first; the loop tries them in order until one is accepted. */
  proposals: Proposal[];
  /** Why its answer held no proposal mcpgate could read: one line, with a bounded, escaped excerpt. */
  unreadable?: string;
}

export interface Proposer {
  id: string;
  /** `heuristic` for the offline lexical proposer, `model` for an LLM. */
  kind: 'heuristic' | 'model';
  propose(input: ProposalInput): Promise<ProposerAnswer>;
}

/** A proposer answer that could not be read, where and why: the report names each one. */
export interface UnreadableAnswer {
  round: number;
  part: number;
  confusion: Pick<Confusion, 'expected' | 'chosen'>;
  problem: string;
}

/** k right of n samples. */
export interface Tally {
  k: number;
  n: number;
}

/** Per case and model: right first picks and passes. */
export interface CaseFigures {
  id: string;
  model: string;
  selection: Tally;
  passes: Tally;
}

/** A change in right picks between two measurements, with the interval of the difference. */
export interface Gain {
  before: Tally;
  after: Tally;
  low: number;
  high: number;
  significant: boolean;
}

export interface Trial {
  round: number;
  /** The part of the split held out from the proposer for this trial (1-based; always 1 with one hold-out). */
  part: number;
  /** As the proposer saw it: only the cases of the training part. */
  confusion: Confusion;
  proposal: Proposal;
  /** Right picks on the cases the proposer learned from (the confusion's), over every model. */
  inSample: Gain & { cases: string[] };
  /**
   * Right picks on cases the proposer never saw: the held-out part's cases, and every paraphrase,
   * that a model picked wrong with a rewritten tool involved (expected or chosen instead).
   */
  heldOut: Gain & { cases: string[]; paraphrases: string[] };
  /** Other cases re-run to catch a regression: those touching a rewritten tool and a guard sample. */
  guardCases: string[];
  /** Significant drops: "case X with model M: selection 5/5 -> 1/5", or a whole model on the unseen cases. */
  regressions: string[];
  /** The gain holds on unseen cases (the held-out gain is significant). */
  generalises: boolean;
  accepted: boolean;
  reason: string;
  providerCalls: number;
}

/** A proposal refused before it was measured: it carried a golden entity or another tool's words. */
export interface RefusedProposal {
  round: number;
  part: number;
  confusion: Pick<Confusion, 'expected' | 'chosen'>;
  proposal: Proposal;
  reason: string;
}
