/** JSON-RPC 2.0 message shapes and classification, independent of any transport. */

import { isRecord } from '../shared/guards.js';

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResultResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: Record<string, unknown>;
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0';
  id?: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;

export type MessageKind = 'request' | 'notification' | 'result' | 'error' | 'invalid';

export function classifyMessage(message: unknown): MessageKind {
  if (!isRecord(message)) return 'invalid';
  const hasId = 'id' in message;
  if (typeof message.method === 'string') return hasId ? 'request' : 'notification';
  if ('result' in message) return 'result';
  if ('error' in message) return 'error';
  return 'invalid';
}

export function isResponse(message: unknown): message is JsonRpcResponse {
  const kind = classifyMessage(message);
  return kind === 'result' || kind === 'error';
}

export function isErrorResponse(message: unknown): message is JsonRpcErrorResponse {
  return classifyMessage(message) === 'error';
}

export function isResultResponse(message: unknown): message is JsonRpcResultResponse {
  return classifyMessage(message) === 'result';
}

/** Strict id comparison: value and type must both match (`1` is not `"1"`). */
export function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && a === b;
}

export function errorCodeOf(message: unknown): number | undefined {
  if (!isErrorResponse(message)) return undefined;
  const code = (message.error as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' ? code : undefined;
}
