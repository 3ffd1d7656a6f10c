/**
 * A tools/call followed through multi round-trip requests (SEP-2322): while the server answers
 * `resultType: "input_required"`, every input request is answered and the call is re-issued with
 * `inputResponses` and the `requestState` echoed. What a server may ask is bounded (limits.ts):
 * a round past a cap is not answered at all, and the call ends as a failed call naming the cap
 * rather than as a loop or a bill.
 */

import type { McpSession, ToolResult } from '../../wire/session.js';
import type { InputRound, SamplingTurn } from '../types.js';
import { answerInput, clientCapabilitiesFor, type InputAnswerer, type SpentAnswers } from './answer.js';
import { limitSentence, type MrtrLimitHit, type MrtrLimits, type RunSamplingBudget } from './limits.js';
import { isRecord } from '../../shared/guards.js';

export { DEFAULT_MAX_ROUNDS } from './limits.js';

export interface MrtrOptions extends InputAnswerer, Omit<MrtrLimits, 'maxRunSamplingCalls'> {
  runBudget: RunSamplingBudget;
}

/** What one sample has given so far, over all its tool calls. */
export interface SampleInputs {
  /** Elicitation answers already used (the same case script serves every round). */
  answers: SpentAnswers;
  samplingAnswers: number;
}

export interface FollowedCall {
  result: ToolResult;
  rounds: InputRound[];
  /** Milliseconds the server spent over all rounds. */
  serverMs: number;
  sampling: SamplingTurn[];
  limit?: MrtrLimitHit;
}

export async function followCall(
  session: McpSession,
  name: string,
  args: Record<string, unknown>,
  mrtr: MrtrOptions,
  inputs: SampleInputs,
  parent?: unknown,
): Promise<FollowedCall> {
  const clientCapabilities = clientCapabilitiesFor(mrtr.roots);
  let result = await session.callTool(name, args, parent, { clientCapabilities });
  let serverMs = result.durationMs;
  const rounds: InputRound[] = [];
  const sampling: SamplingTurn[] = [];
  while (result.raw?.resultType === 'input_required') {
    const raw = result.raw;
    const requests = Object.entries(isRecord(raw.inputRequests) ? raw.inputRequests : {});
    const limit = limitReached(name, requests, rounds.length, mrtr, inputs);
    if (limit) {
      const text = `Error: ${limitSentence(limit)}; the call was given up.`;
      return { result: { ...result, text, isError: true }, rounds, serverMs, sampling, limit };
    }
    const round: InputRound = { inputs: [], requestState: 'requestState' in raw };
    const inputResponses: Record<string, unknown> = {};
    for (const [key, request] of requests) {
      const answered = await answerInput(key, request, mrtr, inputs.answers);
      round.inputs.push(answered.exchange);
      if (answered.sampling) sampling.push(answered.sampling);
      if (answered.response !== undefined) inputResponses[key] = answered.response;
    }
    rounds.push(round);
    const params: Record<string, unknown> = {};
    if (requests.length > 0) params.inputResponses = inputResponses;
    if ('requestState' in raw) params.requestState = raw.requestState;
    result = await session.callTool(name, args, parent, { params, clientCapabilities });
    serverMs += result.durationMs;
  }
  return { result, rounds, serverMs, sampling };
}

/**
 * The first cap this round would pass, or none; then its sampling answers are reserved from the
 * sample's and the run's budgets at once, before any is asked for.
 */
function limitReached(
  tool: string,
  requests: Array<[string, unknown]>,
  answeredRounds: number,
  mrtr: MrtrOptions,
  inputs: SampleInputs,
): MrtrLimitHit | undefined {
  const methods = requests.map(([, request]) => (isRecord(request) ? request.method : undefined));
  const kinds = [...new Set(methods.map(kindOf))];
  const hit = (limit: MrtrLimitHit['limit'], asked: number, max: number): MrtrLimitHit => ({ limit, tool, asked, max, kinds });
  if (answeredRounds >= mrtr.maxRounds) return hit('rounds', answeredRounds + 1, mrtr.maxRounds);
  if (requests.length > mrtr.maxInputRequests) return hit('input-requests', requests.length, mrtr.maxInputRequests);
  const samplings = methods.filter((method) => method === 'sampling/createMessage').length;
  if (inputs.samplingAnswers + samplings > mrtr.maxSamplingCalls)
    return hit('sampling-per-sample', inputs.samplingAnswers + samplings, mrtr.maxSamplingCalls);
  const run = mrtr.runBudget;
  if (run.spent + samplings > run.limit) return hit('sampling-per-run', run.spent + samplings, run.limit);
  inputs.samplingAnswers += samplings;
  run.spent += samplings;
  return undefined;
}

function kindOf(method: unknown): string {
  if (method === 'elicitation/create') return 'elicitation';
  if (method === 'sampling/createMessage') return 'sampling';
  if (method === 'roots/list') return 'roots';
  return 'unknown';
}
