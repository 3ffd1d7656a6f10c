/**
 * JSON-RPC 2.0 message shapes as the reference server sends them, and the one error type its
 * handlers throw. Throwing keeps each handler a straight line of checks; the server core turns the
 * failure into an error response with the HTTP status the transport should use.
 */

import { ErrorCode } from '../../src/spec/protocol.js';

export type RequestId = string | number;

export type JsonObject = { [key: string]: unknown };

export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResult {
  jsonrpc: '2.0';
  id: RequestId | null;
  result: JsonObject;
}

export interface JsonRpcError {
  jsonrpc: '2.0';
  id?: RequestId | null;
  error: JsonRpcErrorBody;
}

export type JsonRpcResponse = JsonRpcResult | JsonRpcError;

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params: JsonObject;
}

/** Only the `server-request` variant ever sends one of these; a conforming server never does. */
export interface JsonRpcServerRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params: JsonObject;
}

export type OutgoingMessage = JsonRpcResponse | JsonRpcNotification | JsonRpcServerRequest;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A request that ends in a JSON-RPC error. `httpStatus` matters only on HTTP, where the revision
 * fixes 400 for `_meta`/version/header defects and 404 for unknown methods; application errors
 * (unknown tool, bad cursor, missing resource) have no mandated status and travel as 200.
 */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly httpStatus = 200,
  ) {
    super(message);
  }

  toBody(): JsonRpcErrorBody {
    return this.data !== undefined
      ? { code: this.code, message: this.message, data: this.data }
      : { code: this.code, message: this.message };
  }
}

export function errorResponse(id: RequestId | null | undefined, body: JsonRpcErrorBody): JsonRpcError {
  return id === undefined ? { jsonrpc: '2.0', error: body } : { jsonrpc: '2.0', id, error: body };
}

/** -32603 is a fault of the server itself; its HTTP status is unspecified, and 500 tells HTTP clients the same. */
export function internalError(message = 'Internal error'): RpcFailure {
  return new RpcFailure(ErrorCode.InternalError, message, undefined, 500);
}
