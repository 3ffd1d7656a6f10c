/**
 * A tools/call followed through multi round-trip requests (SEP-2322): while the server answers
 * `resultType: "input_required"`, every input request is answered and the call is re-issued with
 * `inputResponses` and the `requestState` echoed. Rounds are bounded, so a server that keeps
 * asking ends as a failed call with the reason rather than a loop.
 */

import type { McpSession, ToolResult } from '../../wire/session.js';
import type { InputRound } from '../types.js';
import { answerInput, clientCapabilitiesFor, type InputAnswerer, type SpentAnswers } from './answer.js';

export const DEFAULT_MAX_ROUNDS = 4;

export interface MrtrOptions extends InputAnswerer {
  /** Input rounds answered before the call is given up (the first call is not a round). */
  maxRounds: number;
}

export interface FollowedCall {
  result: ToolResult;
  rounds: InputRound[];
  /** Milliseconds the server spent over all rounds. */
  serverMs: number;
}

export async function followCall(
  session: McpSession,
  name: string,
  args: Record<string, unknown>,
  mrtr: MrtrOptions,
  spent: SpentAnswers,
  parent?: unknown,
): Promise<FollowedCall> {
  const clientCapabilities = clientCapabilitiesFor(mrtr.roots);
  let result = await session.callTool(name, args, parent, { clientCapabilities });
  let serverMs = result.durationMs;
  const rounds: InputRound[] = [];
  while (result.raw?.resultType === 'input_required') {
    if (rounds.length >= mrtr.maxRounds) {
      const text = `Error: ${name} still asked for input after ${mrtr.maxRounds} round(s) (--max-rounds, eval.max_rounds); the call was given up.`;
      return { result: { ...result, text, isError: true }, rounds, serverMs };
    }
    const raw = result.raw;
    const requests = isObject(raw.inputRequests) ? raw.inputRequests : {};
    const round: InputRound = { inputs: [], requestState: 'requestState' in raw };
    const inputResponses: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(requests)) {
      const answered = await answerInput(key, request, mrtr, spent);
      round.inputs.push(answered.exchange);
      if (answered.response !== undefined) inputResponses[key] = answered.response;
    }
    rounds.push(round);
    const params: Record<string, unknown> = {};
    if (Object.keys(requests).length > 0) params.inputResponses = inputResponses;
    if ('requestState' in raw) params.requestState = raw.requestState;
    result = await session.callTool(name, args, parent, { params, clientCapabilities });
    serverMs += result.durationMs;
  }
  return { result, rounds, serverMs };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
