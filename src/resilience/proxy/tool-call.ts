/**
 * One tools/call through the proxy: the safety rule first (fail closed), then the armed plan's
 * fault or injection for this occurrence of the tool, then the answer. Faults that model a
 * failure before the tool runs never reach the server; wrong-output, stream-cut and injections
 * forward first, so the server really executes the call.
 */

import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../spec/protocol.js';
import { toolSafety } from '../../spec/tool-safety.js';
import { isObject, isResultResponse, type JsonRpcId } from '../../wire/jsonrpc.js';
import type { ServerTool } from '../../wire/session.js';
import { newCanary } from '../injections/canary.js';
import { paramsKeyOf, type ProxyEvent } from './events.js';
import { faultFor, injectionFor, type OccurrenceCounter, type ProxyPlan } from './faults.js';
import { plantPayload } from './plant.js';
import { sendCutStream, sendExpiredToken, sendHttp500, sendMalformedJson, sendRefusal, sendToolError, type Written } from './replies.js';
import type { Upstream, UpstreamReply } from './upstream.js';
import { applyWrongOutput } from './wrong-output.js';

export interface ToolCallContext {
  res: ServerResponse;
  id: JsonRpcId;
  message: Record<string, unknown>;
  headers: Record<string, string>;
  tools: ReadonlyMap<string, ServerTool>;
  allowTools: ReadonlySet<string>;
  plan: ProxyPlan;
  counter: OccurrenceCounter;
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
  const params = isObject(ctx.message.params) ? ctx.message.params : {};
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

  const seen = ctx.counter.next(name);
  const fault = faultFor(ctx.plan, name, seen);
  const injection = fault === undefined ? injectionFor(ctx.plan, name, seen) : undefined;
  const event = ctx.record({
    tool: name,
    occurrence: seen.occurrence,
    paramsKey: paramsKeyOf(name, params.arguments),
    ...(fault ? { fault } : {}),
    ...(injection ? { injection: injection.label } : {}),
  });

  switch (fault) {
    case 'http-500':
      return { event, written: sendHttp500(ctx.res, ctx.id) };
    case 'is-error':
      return { event, written: sendToolError(ctx.res, ctx.id) };
    case 'malformed-json':
      return { event, written: sendMalformedJson(ctx.res, ctx.id) };
    case 'expired-token':
      return { event, written: sendExpiredToken(ctx.res, ctx.id) };
    case 'hang':
      ctx.hold(ctx.res);
      return { event };
  }

  const reply = await ctx.upstream.forward(ctx.message, ctx.headers);
  event.upstreamExecuted = reply.response !== undefined;
  const response = reply.response;
  if (!isResultResponse(response)) return { event, written: ctx.relay(reply) };
  if (fault === 'stream-cut') return { event, written: await sendCutStream(ctx.res, response) };
  if (fault === 'wrong-output' && response.result.isError !== true) {
    const canary = newCanary();
    const changed = applyWrongOutput(response.result, tool.outputSchema, { number: canary.number, token: canary.id });
    event.canaries = changed.canaries;
    return { event, written: ctx.relay({ ...reply, response: { ...response, result: changed.result } }) };
  }
  if (injection) return { event, written: ctx.relay({ ...reply, response: { ...response, result: plantPayload(response.result, tool.outputSchema, injection.payload) } }) };
  return { event, written: ctx.relay(reply) };
}
