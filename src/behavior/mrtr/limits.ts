/**
 * mcpgate's bounds on what a server may ask through input_required (SEP-2322). A server decides how
 * many rounds it asks for and how many input requests each round holds, and every sampling request is
 * a model call mcpgate pays for; so the rounds per call, the requests per round and the sampling
 * answers per sample and per run are all capped. Reaching a cap gives the call up with a typed reason:
 * the first three are the server's demand (the sample fails), the run's budget is mcpgate's own
 * (the sample is not measured).
 */

import { assertNever } from '../../shared/guards.js';

export const DEFAULT_MAX_ROUNDS = 4;
export const DEFAULT_MAX_INPUT_REQUESTS = 16;
/** 4 rounds of 16 requests: one tool call at the defaults may use the whole sample's share. */
export const DEFAULT_MAX_SAMPLING_CALLS = 64;
export const DEFAULT_MAX_RUN_SAMPLING_CALLS = 2_000;

export interface MrtrLimits {
  /** Input rounds answered per tool call (the first call is not a round). */
  maxRounds: number;
  /** Input requests answered in one round. */
  maxInputRequests: number;
  /** Sampling requests answered per sample, over all its tool calls (cache hits included). */
  maxSamplingCalls: number;
  /** Sampling requests answered over a whole run of a layer (cache hits included). */
  maxRunSamplingCalls: number;
}

export const DEFAULT_MRTR_LIMITS: MrtrLimits = {
  maxRounds: DEFAULT_MAX_ROUNDS,
  maxInputRequests: DEFAULT_MAX_INPUT_REQUESTS,
  maxSamplingCalls: DEFAULT_MAX_SAMPLING_CALLS,
  maxRunSamplingCalls: DEFAULT_MAX_RUN_SAMPLING_CALLS,
};

/**
 * The sampling answers every sample of one run has drawn. Shared by samples that run at once: a
 * round reserves all its answers before the first is asked for, so the run never goes over.
 */
export class RunSamplingBudget {
  spent = 0;
  constructor(readonly limit: number) {}
}

/**
 * A cap the server's input requests reached, with what it asked for in the cap's unit: rounds
 * (`rounds`), requests in the refused round (`input-requests`), sampling answers the sample or the
 * run would have needed (`sampling-per-sample`, `sampling-per-run`).
 */
export interface MrtrLimitHit {
  limit: 'rounds' | 'input-requests' | 'sampling-per-sample' | 'sampling-per-run';
  tool: string;
  asked: number;
  max: number;
  /** The kinds of input the refused round asked for, each once (so an expected kind still counts as asked). */
  kinds: string[];
}

/** The run's budget is mcpgate's own: reaching it says nothing about the sample's server. */
export function isServerDemand(hit: MrtrLimitHit): boolean {
  return hit.limit !== 'sampling-per-run';
}

/** One sentence naming what was asked, what mcpgate answers at most, and the flag and key that set it. */
export function limitSentence(hit: Pick<MrtrLimitHit, 'limit' | 'tool' | 'asked' | 'max'>): string {
  switch (hit.limit) {
    case 'rounds':
      return `${hit.tool} still asked for input after ${hit.max} round(s) (--max-rounds, eval.max_rounds)`;
    case 'input-requests':
      return `${hit.tool} asked for ${hit.asked} inputs in one round; mcpgate answers at most ${hit.max} (--max-input-requests, eval.max_input_requests)`;
    case 'sampling-per-sample':
      return `${hit.tool} asked for sampling answers that would make ${hit.asked} in this sample; mcpgate answers at most ${hit.max} per sample (--max-sampling-calls, eval.max_sampling_calls)`;
    case 'sampling-per-run':
      return `${hit.tool} asked for sampling answers that would make ${hit.asked} in this run; mcpgate answers at most ${hit.max} per run (--max-run-sampling-calls, eval.max_run_sampling_calls), so this sample is not measured`;
    default:
      return assertNever(hit.limit, 'MRTR limit');
  }
}
