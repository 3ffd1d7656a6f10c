/**
 * One tools/call through the proxy: the safety rule first (fail closed), then the armed plan's
 * fault or injection for this occurrence of the tool, then the answer. Whether a fault forwards
 * first is its behaviour's (fault-behaviours.ts); injections always do, so the server really
 * executes the call.
 */

import type { ServerResponse } from 'node:http';
import type { ProxyEvent } from '../../report/model.js';
import { ErrorCode } from '../../spec/protocol.js';
import { toolSafety } from '../../spec/tool-safety.js';
import type { ServerTool } from '../../spec/tool.js';
import { isRecord } from '../../shared/guards.js';
import { isResultResponse, type JsonRpcId } from '../../wire/jsonrpc.js';
import { paramsKeyOf } from './events.js';
import { altersRetries, FAULTS } from './fault-behaviours.js';
import { faultFor, injectionFor, type OccurrenceCounter, type ProxyPlan } from './faults.js';
import { isRetry, reactionOf, withoutSpuriousState, type StateMemory } from './mrtr-faults.js';
import { plantPayload } from './plant.js';
import { sendRefusal, type Written } from './replies.js';
import { forwardWithRefusedToken, type TokenRevocation } from './token-faults.js';
import type { Upstream, UpstreamReply } from './upstream.js';

export interface ToolCallContext {
  res: ServerResponse;
  id: JsonRpcId;
  message: Record<string, unknown>;
  headers: Record<string, string>;
  tools: ReadonlyMap<string, ServerTool>;
  allowTools: ReadonlySet<string>;
  plan: ProxyPlan;
  counter: OccurrenceCounter;
  /** The requestStates the server issued since the plan was armed (for replay-request-state). */
  states: StateMemory;
  /** Whether a token-revoked fault fired since the plan was armed: every later call is refused too. */
  revocation: TokenRevocation;
  upstream: Upstream;
  /** Adds the event for this request to the log (tool fields known by then). */
  record: (fields: Partial<ProxyEvent>) => ProxyEvent;
  /** Relays an upstream reply as it came (or a 502 when the upstream failed). */
  relay: (reply: UpstreamReply) => Written;
  /** Keeps a hung response open until the client gives up or the proxy closes. */
  hold: (res: ServerResponse) => void;
}

/** Returns what was written, or undefined for a request held open by the hang fault. */
export async function handleToolCall(ctx: ToolCallContext): Promise<{ event: ProxyEvent; written?: Written }> {
  const params = isRecord(ctx.message.params) ? ctx.message.params : {};
  const name = params.name;
  if (typeof name !== 'string') {
    const event = ctx.record({ refused: 'tools/call without a tool name' });
    return { event, written: sendRefusal(ctx.res, 400, ctx.id, ErrorCode.InvalidParams, 'tools/call needs params.name') };
  }
  const tool = ctx.tools.get(name);
  if (!tool) {
    const refused = `the server does not list a tool named "${name}", so its annotations cannot be checked`;
    return { event: ctx.record({ tool: name, refused }), written: sendRefusal(ctx.res, 404, ctx.id, ErrorCode.InvalidParams, refused) };
  }
  const safety = toolSafety(tool, ctx.allowTools, 'non-destructive');
  if (!safety.callable) {
    const refused = `${name} is ${safety.reason}; the proxy forwards such a tool only when it is on the allow-list`;
    return { event: ctx.record({ tool: name, refused }), written: sendRefusal(ctx.res, 403, ctx.id, ErrorCode.InvalidRequest, refused) };
  }

  // An answer to the proxy's own spurious input request goes on as the fresh call it is for the server.
  const spuriousAnswered = withoutSpuriousState(params);
  const callParams = spuriousAnswered ?? params;
  const seen = ctx.counter.next(name, isRetry(callParams));
  const fault = ctx.revocation.revoked ? 'token-revoked' : faultFor(ctx.plan, name, seen, altersRetries);
  const injection = fault === undefined ? injectionFor(ctx.plan, name, seen) : undefined;
  const paramsKey = paramsKeyOf(name, params.arguments);
  const event = ctx.record({
    tool: name,
    occurrence: seen.occurrence,
    paramsKey,
    ...(fault ? { fault } : {}),
    ...(injection ? { injection: injection.label } : {}),
  });

  const behaviour = fault === undefined ? undefined : FAULTS[fault];
  if (behaviour && !behaviour.forwardsFirst) {
    const written = behaviour.answer({ res: ctx.res, id: ctx.id, params: callParams, hold: ctx.hold });
    return written ? { event, written } : { event };
  }

  let message = spuriousAnswered ? { ...ctx.message, params: spuriousAnswered } : ctx.message;
  let altered = false;
  if (behaviour && 'rewritesRetry' in behaviour) {
    const rewritten = behaviour.rewritesRetry({ params: callParams, paramsKey, states: ctx.states });
    if ('skipped' in rewritten) event.faultSkipped = rewritten.skipped;
    else {
      message = { ...message, params: rewritten.params };
      altered = true;
    }
  }
  if (behaviour && 'refusesToken' in behaviour) {
    const reply = await forwardWithRefusedToken(ctx.upstream, message, ctx.headers, event);
    if (behaviour.refusesToken === 'from-now-on' && event.faultSkipped === undefined) ctx.revocation.revoked = true;
    return { event, written: ctx.relay(reply) };
  }
  const reply = await ctx.upstream.forward(message, ctx.headers);
  event.upstreamExecuted = reply.response !== undefined;
  ctx.states.remember(paramsKey, reply);
  if (altered) event.serverReaction = reactionOf(reply);
  const response = reply.response;
  if (!isResultResponse(response)) return { event, written: ctx.relay(reply) };
  if (behaviour && 'answer' in behaviour)
    return { event, written: await behaviour.answer({ res: ctx.res, reply, response, tool, event, relay: ctx.relay }) };
  if (injection)
    return {
      event,
      written: ctx.relay({
        ...reply,
        response: { ...response, result: plantPayload(response.result, tool.outputSchema, injection.payload) },
      }),
    };
  return { event, written: ctx.relay(reply) };
}
