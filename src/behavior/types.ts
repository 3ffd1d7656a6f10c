/** The golden set and the trajectories it is scored against. Data only. */

import type { InputKind } from '../report/model.js';
import type { ToolCall, Usage } from '../models/types.js';
import type { GoldenCase } from './golden/set-schema.js';
import type { MrtrLimitHit } from './mrtr/limits.js';

/** The golden set's types are its schema's output, declared once there. */
export type { MatchMode, ArgExpectation } from './golden/matcher-schema.js';
export type { InputAnswer, InputExpectation } from './golden/input-schema.js';
export type { GoldenCase } from './golden/set-schema.js';
export type { InputKind } from '../report/model.js';

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
