/** The golden set and the trajectories it is scored against. Data only. */

import type { ToolCall, Usage } from '../models/types.js';
import type { MrtrLimitHit } from './mrtr/limits.js';

export type MatchMode = 'exact' | 'normalized' | 'one_of' | 'numeric' | 'regex' | 'semantic' | 'ignore';

/** How one expected argument is compared with what the model passed. */
export interface ArgExpectation {
  mode: MatchMode;
  /** exact / normalized / numeric / semantic: the expected value. */
  value?: unknown;
  /** one_of: the acceptable values (each compared normalised when strings). */
  values?: unknown[];
  /** numeric: absolute tolerance (default 0). */
  tolerance?: number;
  /** regex: an ECMAScript pattern the string value must match. */
  pattern?: string;
}

export interface GoldenCase {
  id: string;
  /** The user's turns; a single prompt is a one-element list. */
  turns: string[];
  /**
   * What must be called. `null` (written `expect_tool: null`) is a negative case: no tool may be
   * called. A sequence asserts the order of the calls.
   */
  expect: { kind: 'tool'; tool: string } | { kind: 'sequence'; tools: string[] } | { kind: 'none' };
  /** Expected arguments of the (first) expected tool call, per argument name. */
  expectArgs: Record<string, ArgExpectation>;
  forbidTools: string[];
  rubric?: string;
  kind: 'hard' | 'soft';
  tags: string[];
  /** Runs for this case (overrides the run default). */
  runs?: number;
  /** Passes needed out of `runs` (overrides the hard/soft floor). */
  minPasses?: number;
  /** How the simulated user answers elicitation requests (MRTR), matched by message or in order. */
  inputs?: InputAnswer[];
  /** What kind of input the server is expected to ask for during the case (MRTR). */
  expectInput?: InputExpectation;
  /** Where the case was defined, for messages: `file:line`. */
  source: string;
  /** `draft: true` in the file: drafted by a tool, not yet edited by a person, so not run (see drafts.ts). */
  draft?: boolean;
}

export type InputKind = 'elicitation' | 'sampling' | 'roots';

/** One scripted answer to an elicitation request. */
export interface InputAnswer {
  /** Answers the first unanswered request whose message contains this text; without it, the next in order. */
  match?: string;
  action: 'accept' | 'decline' | 'cancel';
  /** The form content sent with `accept` (omitted: filled from the requested schema). */
  content?: Record<string, unknown>;
}

export interface InputExpectation {
  kind: InputKind;
  /** A pattern the request's message (elicitation) or first prompt text (sampling) must match. */
  message?: string;
  /** Field names the elicitation form must request. */
  fields?: string[];
}

/** One input request the server made, and what mcpgate answered. */
export interface InputExchange {
  key: string;
  kind: InputKind | 'unknown';
  /** The elicitation message or the sampling prompt text. */
  message?: string;
  /** Field names of the requested form. */
  fields?: string[];
  /** The tools a sampling request offered the model. */
  tools?: string[];
  /** accept / decline / cancel for elicitation; `tool_use NAMES` when a sampling model called tools; `answered` otherwise. */
  answer: string;
}

/** One input_required answer to a tools/call and how the agent followed it. */
export interface InputRound {
  inputs: InputExchange[];
  /** A requestState was echoed on the retry. */
  requestState: boolean;
}

export interface GoldenSet {
  file: string;
  cases: GoldenCase[];
}

export interface TrajectoryCall extends ToolCall {
  /** What came back from the server (text excerpt), or the synthetic refusal. */
  result: string;
  isError: boolean;
  /** The call was not sent: the tool is destructive or not read-only and was not allowed. */
  refused?: boolean;
  serverMs: number;
  /** MRTR rounds before the final result, in order (absent when the first answer was final). */
  rounds?: InputRound[];
  /** The model calls that answered the call's sampling requests, in order. */
  sampling?: SamplingTurn[];
  /** The MRTR cap the call reached; it was then given up. */
  limit?: MrtrLimitHit;
}

/** One sampling request answered by a model: what it cost, as an agent step records it. */
export interface SamplingTurn {
  model: string;
  usage: Usage;
  cached: boolean;
}

export interface TrajectoryStep {
  modelMs: number;
  usage: Usage;
  text: string;
  calls: TrajectoryCall[];
  cached: boolean;
}

export interface Trajectory {
  steps: TrajectoryStep[];
  /** The model's final text answer. */
  finalText: string;
  /** Why the loop ended: the model answered, the step bound was hit, or an error. */
  ended: 'answered' | 'max-steps' | 'error';
  error?: string;
  /** True when the error means the server itself is gone (its process exited, its port refuses). */
  serverDown?: boolean;
}
