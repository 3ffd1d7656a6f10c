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
  confusion: Confusion;
  /** The tools as currently served (server descriptions with the overrides accepted so far). */
  tools: ServerTool[];
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

export interface Trial {
  round: number;
  confusion: Confusion;
  proposal: Proposal;
  /** Cases the confusion is about; the gain is measured on them. */
  targetCases: string[];
  /** Other cases re-run to catch a regression: those touching a rewritten tool and a guard sample. */
  guardCases: string[];
  /** Right picks on the target cases over every model, before and with the proposal. */
  gain: { before: Tally; after: Tally; low: number; high: number; significant: boolean };
  /** Significant drops: "case X with model M: selection 5/5 -> 1/5", or a whole model. */
  regressions: string[];
  accepted: boolean;
  reason: string;
  providerCalls: number;
}
