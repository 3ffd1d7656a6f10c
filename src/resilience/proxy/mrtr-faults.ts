/**
 * The multi round-trip (SEP-2322) faults. Four alter a client's retry, the tools/call that hands
 * back a requestState, before it reaches the server: the server must refuse what it did not issue
 * for this call (an error or a fresh input_required, checklist M4 and M5), and its answer is
 * recorded as the event's serverReaction. The fifth answers input_required in the server's place.
 */

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ServerReaction } from '../../report/model.js';
import { META } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { isResultResponse, type JsonRpcId } from '../../wire/jsonrpc.js';
import { sendJson, type Written } from './replies.js';
import type { UpstreamReply } from './upstream.js';

/** States the proxy makes up itself; a retry carrying one is the client answering the spurious request. */
const SPURIOUS_STATE_PREFIX = 'mcpgate-spurious-';
/** Enough for replaying within a sample; older states are forgotten. */
const REMEMBERED_STATES = 50;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function isRetry(params: Record<string, unknown>): boolean {
  return typeof params.requestState === 'string';
}

/** The requestStates the server handed out, each with the call it was issued for. */
export class StateMemory {
  private readonly states: Array<{ paramsKey: string; state: string }> = [];

  remember(paramsKey: string, reply: UpstreamReply): void {
    const response = reply.response;
    if (!isResultResponse(response) || response.result.resultType !== 'input_required') return;
    const state = response.result.requestState;
    if (typeof state !== 'string') return;
    this.states.push({ paramsKey, state });
    if (this.states.length > REMEMBERED_STATES) this.states.shift();
  }

  /** The newest state issued for a call other than this one. */
  issuedForAnotherCall(paramsKey: string): string | undefined {
    for (let i = this.states.length - 1; i >= 0; i--) if (this.states[i]!.paramsKey !== paramsKey) return this.states[i]!.state;
    return undefined;
  }
}

export interface RetryToRewrite {
  params: Record<string, unknown>;
  paramsKey: string;
  states: StateMemory;
}

/** The params to forward instead, or why this retry gives the fault nothing to alter. */
export type RewrittenRetry = { params: Record<string, unknown> } | { skipped: string };

export function dropState({ params }: RetryToRewrite): RewrittenRetry {
  const { requestState: _dropped, ...rest } = params;
  return { params: rest };
}

/**
 * Changes the last character, where an HMAC or AEAD tag usually sits: a server that verifies its
 * state must notice, and one that only decodes the payload still finds it readable.
 */
export function tamperState({ params }: RetryToRewrite): RewrittenRetry {
  const state = params.requestState as string;
  if (state.length === 0) return { skipped: 'the retry carries an empty requestState' };
  const last = state.at(-1)!;
  const position = BASE64URL.indexOf(last);
  const flipped = BASE64URL[(position + 1 + BASE64URL.length) % BASE64URL.length]!;
  return { params: { ...params, requestState: state.slice(0, -1) + flipped } };
}

export function replayState({ params, paramsKey, states }: RetryToRewrite): RewrittenRetry {
  const other = states.issuedForAnotherCall(paramsKey);
  if (other === undefined || other === params.requestState)
    return { skipped: 'no requestState issued for another call (other tool or arguments) has been seen yet' };
  return { params: { ...params, requestState: other } };
}

export function stripResponses({ params }: RetryToRewrite): RewrittenRetry {
  if (!isRecord(params.inputResponses) || Object.keys(params.inputResponses).length === 0)
    return { skipped: 'the retry carries no inputResponses to strip' };
  const { inputResponses: _stripped, ...rest } = params;
  return { params: rest };
}

export function reactionOf(reply: UpstreamReply): ServerReaction {
  const response = reply.response;
  if (!isResultResponse(response) || response.result.isError === true) return 'error';
  return response.result.resultType === 'input_required' ? 'input-required' : 'completed';
}

/**
 * A retry answering the proxy's own input request: the server never issued that state, so the call
 * goes on as the fresh call it is for the server, without the made-up state and its answers.
 */
export function withoutSpuriousState(params: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof params.requestState !== 'string' || !params.requestState.startsWith(SPURIOUS_STATE_PREFIX)) return undefined;
  const { requestState: _state, inputResponses: _responses, ...rest } = params;
  return rest;
}

/**
 * input_required where the server would have answered. It asks only for what the request declares
 * (M3): a form confirmation when the client can elicit, otherwise a bare requestState, the
 * load-shedding answer every client must be able to retry.
 */
export function sendSpuriousInputRequired(res: ServerResponse, id: JsonRpcId, params: Record<string, unknown>): Written {
  const meta = isRecord(params._meta) ? params._meta : {};
  const declared = meta[META.clientCapabilities];
  const elicitation = isRecord(declared) && isRecord(declared.elicitation) ? declared.elicitation : undefined;
  const result: Record<string, unknown> = {
    resultType: 'input_required',
    requestState: `${SPURIOUS_STATE_PREFIX}${randomBytes(8).toString('hex')}`,
  };
  // `{elicitation: {}}` declares form mode; an object naming only `url` does not.
  if (elicitation && (!('url' in elicitation) || 'form' in elicitation)) {
    result.inputRequests = {
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Please confirm the request before it continues.',
          requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean', title: 'Confirmed' } }, required: ['confirmed'] },
        },
      },
    };
  }
  return sendJson(res, 200, { jsonrpc: '2.0', id, result });
}
