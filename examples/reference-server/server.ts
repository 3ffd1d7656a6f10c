/**
 * The protocol core, shared by both transports: one parsed JSON-RPC message in, one Outcome out.
 * It never touches sockets or streams; the transports decide how an Outcome is written (JSON, an
 * SSE stream, or a stdout line), which keeps the rules of the revision in one place.
 */

import { ErrorCode, META } from '../../src/spec/protocol.js';
import type { BreakId } from './breaks.js';
import { SERVER_INFO, isBroken, simulateCrash, type ServerConfig } from './config.js';
import { answerUnknownMethod, discover, refuseEntryPoints } from './discovery.js';
import { checkHeaders, type HeaderMap } from './headers.js';
import {
  RpcFailure,
  errorResponse,
  internalError,
  isObject,
  type JsonObject,
  type JsonRpcNotification,
  type JsonRpcResponse,
  type OutgoingMessage,
  type RequestId,
} from './jsonrpc.js';
import { checkRequestMeta, checkVersionServed } from './meta.js';
import { createPromptMethods } from './prompts.js';
import { createResourceMethods } from './resources.js';
import { URL_ELICITATION_TOOL } from './mrtr-tools.js';
import { progressPlan } from './progress-tool.js';
import { createToolMethods } from './tools.js';

export type Outcome =
  /**
   * Send `preface`, then `response`, then `after`; HTTP streams it as SSE when `streamed`. With
   * `stepMs` the preface is paced that far apart, and the rest is dropped once the request is cancelled.
   */
  | {
      kind: 'reply';
      response: JsonRpcResponse;
      httpStatus: number;
      streamed: boolean;
      preface: OutgoingMessage[];
      after: OutgoingMessage[];
      stepMs?: number;
      /** `after` goes out this long after the response instead of with it (stdio only: an HTTP stream ends at its response). */
      afterMs?: number;
    }
  /** subscriptions/listen: send the acknowledgement and keep the stream open (HTTP); `requested` names the notifications asked for. */
  | { kind: 'subscribe'; acknowledgement: JsonRpcNotification; requested: string[] }
  /** An accepted notification: nothing is sent back. */
  | { kind: 'accepted' };

export interface RequestContext {
  /** HTTP request headers with lower-case names; absent on stdio, where there are no headers to check. */
  headers?: HeaderMap;
  /** Names the connection the request came over (HTTP: the client socket); only one variant reads it. */
  connection?: string;
}

export interface ReferenceServer {
  handle(message: unknown, context: RequestContext): Outcome;
}

type Envelope =
  | { kind: 'invalid'; id: RequestId | null; reason: string }
  | { kind: 'notification' }
  /** id is null only under null-id-served, which serves what should have been refused. */
  | { kind: 'request'; id: RequestId | null; method: string; params: unknown };

/** Variants that withhold a method a declared capability promises, so it falls through to -32601. */
const WITHHELD_METHODS: Partial<Record<BreakId, string>> = {
  'resources-list-missing': 'resources/list',
  'templates-list-missing': 'resources/templates/list',
  'prompts-list-missing': 'prompts/list',
  'completion-missing': 'completion/complete',
};

export function createReferenceServer(config: ServerConfig): ReferenceServer {
  const tools = createToolMethods(config);
  const resources = createResourceMethods(config);
  const prompts = createPromptMethods(config);
  const methods: Readonly<Record<string, (params: JsonObject, context: RequestContext) => JsonObject>> = {
    'server/discover': () => discover(config),
    'tools/list': tools.list,
    'tools/call': tools.call,
    'resources/list': resources.list,
    'resources/templates/list': resources.listTemplates,
    'resources/read': resources.read,
    'prompts/list': prompts.list,
    'prompts/get': prompts.get,
    'completion/complete': prompts.complete,
  };

  const withheld = config.breakId === null ? undefined : WITHHELD_METHODS[config.breakId];

  function complete(payload: JsonObject): JsonObject {
    const result: JsonObject = { resultType: 'complete', ...payload };
    if (isBroken(config, 'missing-result-type') && result.resultType === 'complete') delete result.resultType;
    if (!isBroken(config, 'no-server-info')) result._meta = { [META.serverInfo]: SERVER_INFO };
    // bad-meta-key: a key the _meta grammar forbids (space, "!"), beside a valid one.
    if (isBroken(config, 'bad-meta-key')) result._meta = { ...(result._meta as JsonObject | undefined), 'bad key!': true };
    return result;
  }

  function echo(id: RequestId | null): RequestId | null {
    return isBroken(config, 'id-type-changed') && typeof id === 'number' ? String(id) : id;
  }

  function answerRequest(id: RequestId | null, method: string, params: unknown, context: RequestContext): Outcome {
    refuseEntryPoints(method, config);
    const version = checkRequestMeta(params, config);
    const body = isObject(params) ? params : {};
    if (isBroken(config, 'version-before-headers')) checkVersionServed(version, config);
    if (context.headers) checkHeaders(context.headers, method, body, version, config);
    checkVersionServed(version, config);
    if (method === 'subscriptions/listen') {
      const requested = isObject(body.notifications) ? Object.keys(body.notifications) : [];
      return {
        kind: 'subscribe',
        acknowledgement: acknowledge(isBroken(config, 'ack-own-subscription-id') ? 'subscription-1' : id),
        requested,
      };
    }
    const handler = method === withheld ? undefined : methods[method];
    const payload = handler ? handler(body, context) : answerUnknownMethod(method, config);
    const response: JsonRpcResponse = { jsonrpc: '2.0', id: echo(id), result: complete(payload) };
    const delivery = toolCallDelivery(method, 200);
    const progress = method === 'tools/call' ? progressPlan(body, config) : undefined;
    if (progress)
      return {
        kind: 'reply',
        response,
        httpStatus: 200,
        ...delivery,
        preface: [...delivery.preface, ...progress.steps],
        after: progress.after,
        stepMs: progress.stepMs,
        ...(progress.afterMs === undefined ? {} : { afterMs: progress.afterMs }),
      };
    if (method === 'tools/call' && body.name === URL_ELICITATION_TOOL && isBroken(config, 'elicitation-complete'))
      delivery.preface.push({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'consent-1' } });
    return { kind: 'reply', response, httpStatus: 200, ...delivery };
  }

  function toolCallDelivery(
    method: string,
    httpStatus: number,
  ): { streamed: boolean; preface: OutgoingMessage[]; after: OutgoingMessage[] } {
    // tools/call answers over SSE so that clients exercise their stream parser; 4xx errors stay JSON.
    const streamed = method === 'tools/call' && httpStatus === 200;
    const preface: OutgoingMessage[] = [];
    if (streamed && isBroken(config, 'server-request')) preface.push({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list', params: {} });
    // Progress nobody asked for: the request carried no progressToken.
    if (streamed && isBroken(config, 'unsolicited-progress'))
      preface.push({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'srv-progress', progress: 50, total: 100 },
      });
    return { streamed, preface, after: [] };
  }

  return {
    handle(message, context) {
      const envelope = readEnvelope(message, isBroken(config, 'null-id-served'));
      if (envelope.kind === 'invalid') {
        return failed(envelope.id, new RpcFailure(ErrorCode.InvalidRequest, envelope.reason, undefined, 400));
      }
      if (envelope.kind === 'notification') {
        if (!isBroken(config, 'notification-gets-body')) return { kind: 'accepted' };
        return {
          kind: 'reply',
          response: { jsonrpc: '2.0', id: null, result: complete({}) },
          httpStatus: 200,
          streamed: false,
          preface: [],
          after: [],
        };
      }
      const { id, method, params } = envelope;
      // crash-on-wrong-param-types: params is read as an object before anything checks that it is one.
      if (isBroken(config, 'crash-on-wrong-param-types') && params !== undefined && !isObject(params))
        simulateCrash('params that are not an object');
      try {
        return answerRequest(id, method, params, context);
      } catch (error) {
        if (!(error instanceof RpcFailure)) console.error(`reference server: ${method} failed:`, error);
        const failure = error instanceof RpcFailure ? error : internalError();
        return { ...failed(echo(id), failure), ...toolCallDelivery(method, failure.httpStatus) };
      }
    },
  };
}

/** Parse errors happen before there is a message, so the transports ask for this reply directly. */
export function parseErrorOutcome(): Outcome {
  return failed(null, new RpcFailure(ErrorCode.ParseError, 'Parse error: the body is not valid JSON', undefined, 400));
}

function failed(id: RequestId | null, failure: RpcFailure): Outcome & { kind: 'reply' } {
  return {
    kind: 'reply',
    response: errorResponse(id, failure.toBody()),
    httpStatus: failure.httpStatus,
    streamed: false,
    preface: [],
    after: [],
  };
}

function acknowledge(id: RequestId | null): JsonRpcNotification {
  // No listChanged or subscribe capability is declared, so the honoured subset is always empty.
  return {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [META.subscriptionId]: id }, notifications: {} },
  };
}

function readEnvelope(message: unknown, serveNullId: boolean): Envelope {
  if (Array.isArray(message))
    return { kind: 'invalid', id: null, reason: 'Batches are not supported: send one JSON-RPC message at a time' };
  if (!isObject(message)) return { kind: 'invalid', id: null, reason: 'A JSON-RPC message must be a JSON object' };
  const { id } = message;
  const readableId = typeof id === 'string' || Number.isInteger(id) ? (id as RequestId) : null;
  if (message.jsonrpc !== '2.0') return { kind: 'invalid', id: readableId, reason: 'jsonrpc must be "2.0"' };
  if ('id' in message && readableId === null && !(serveNullId && id === null)) {
    return { kind: 'invalid', id: null, reason: 'id must be a string or an integer; null is not a valid request id' };
  }
  if (typeof message.method !== 'string') return { kind: 'invalid', id: readableId, reason: 'method is required and must be a string' };
  if (!('id' in message)) return { kind: 'notification' };
  return { kind: 'request', id: readableId, method: message.method, params: message.params };
}
