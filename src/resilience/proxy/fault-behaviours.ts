/**
 * What each fault kind does to a tools/call, in one table keyed by every FaultKind: a kind added to
 * the list without its behaviour here does not compile, instead of being forwarded unfaulted.
 * Faults that model a failure before the tool runs answer in the server's place and never reach it;
 * the others forward first, so the server really executes the call, and then break its answer.
 */

import type { ServerResponse } from 'node:http';
import type { FaultKind, ProxyEvent } from '../../report/model.js';
import type { ServerTool } from '../../spec/tool.js';
import type { JsonRpcId, JsonRpcResultResponse } from '../../wire/jsonrpc.js';
import { newCanary } from '../injections/canary.js';
import { sendCutStream, sendExpiredToken, sendHttp500, sendMalformedJson, sendToolError, type Written } from './replies.js';
import type { UpstreamReply } from './upstream.js';
import {
  dropState,
  replayState,
  sendSpuriousInputRequired,
  stripResponses,
  tamperState,
  type RetryToRewrite,
  type RewrittenRetry,
} from './mrtr-faults.js';
import type { TokenRefusal } from './token-faults.js';
import { applyWrongOutput } from './wrong-output.js';

/** A call the fault answers before the server sees it. */
export interface InterceptedCall {
  res: ServerResponse;
  id: JsonRpcId;
  params: Record<string, unknown>;
  /** Keeps the response open until the client gives up or the proxy closes. */
  hold: (res: ServerResponse) => void;
}

/** A call the server executed and answered with a result (an error answer is relayed unfaulted). */
export interface ExecutedCall {
  res: ServerResponse;
  reply: UpstreamReply;
  response: JsonRpcResultResponse;
  tool: ServerTool;
  event: ProxyEvent;
  relay: (reply: UpstreamReply) => Written;
}

export type FaultBehaviour =
  | {
      forwardsFirst: false;
      /** Undefined when nothing is written: the request is held open. */
      answer: (call: InterceptedCall) => Written | undefined;
    }
  | {
      forwardsFirst: true;
      answer: (call: ExecutedCall) => Written | Promise<Written>;
    }
  | {
      /** An MRTR retry fault: it alters the retry it matched, forwards it, and relays the answer as it came. */
      forwardsFirst: true;
      rewritesRetry: (retry: RetryToRewrite) => RewrittenRetry;
    }
  | {
      /** A token fault (token-faults.ts): forwarded with a token the server must refuse, its answer relayed as it came. */
      forwardsFirst: true;
      refusesToken: TokenRefusal;
    };

/** Whether the fault applies to MRTR retries only (tool-call.ts counts those separately). */
export function altersRetries(fault: FaultKind): boolean {
  return 'rewritesRetry' in FAULTS[fault];
}

export const FAULTS: Record<FaultKind, FaultBehaviour> = {
  'http-500': { forwardsFirst: false, answer: ({ res, id }) => sendHttp500(res, id) },
  'is-error': { forwardsFirst: false, answer: ({ res, id }) => sendToolError(res, id) },
  'malformed-json': { forwardsFirst: false, answer: ({ res, id }) => sendMalformedJson(res, id) },
  'expired-token': { forwardsFirst: false, answer: ({ res, id }) => sendExpiredToken(res, id) },
  'token-refused': { forwardsFirst: true, refusesToken: 'this-call' },
  'token-revoked': { forwardsFirst: true, refusesToken: 'from-now-on' },
  hang: { forwardsFirst: false, answer: holdOpen },
  'stream-cut': { forwardsFirst: true, answer: ({ res, response }) => sendCutStream(res, response) },
  'wrong-output': { forwardsFirst: true, answer: replaceWithCanaries },
  'drop-request-state': { forwardsFirst: true, rewritesRetry: dropState },
  'tamper-request-state': { forwardsFirst: true, rewritesRetry: tamperState },
  'replay-request-state': { forwardsFirst: true, rewritesRetry: replayState },
  'strip-input-responses': { forwardsFirst: true, rewritesRetry: stripResponses },
  'spurious-input-required': { forwardsFirst: false, answer: ({ res, id, params }) => sendSpuriousInputRequired(res, id, params) },
};

function holdOpen({ res, hold }: InterceptedCall): undefined {
  hold(res);
  return undefined;
}

/** The canaries in the answer are what lets the report tell whether the model passed the wrong values on. */
function replaceWithCanaries({ reply, response, tool, event, relay }: ExecutedCall): Written {
  // A tool error carries no values a model could mistake for data: it goes through as it came.
  if (response.result.isError === true) return relay(reply);
  const canary = newCanary();
  const changed = applyWrongOutput(response.result, tool.outputSchema, { number: canary.number, token: canary.id });
  event.canaries = changed.canaries;
  return relay({ ...reply, response: { ...response, result: changed.result } });
}
