/** Small judgements shared by checks: did an exchange end in the expected error, status or result. */

import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import { errorCodeOf, isErrorResponse, isResultResponse } from '../../wire/jsonrpc.js';
import { summarizeAnswer } from '../../wire/era.js';

export interface Judgement {
  ok: boolean;
  /** What was seen, in words, for the one-line message. */
  seen: string;
}

/** A JSON-RPC error with `code`, and on HTTP the given status when one is required. */
export function expectError(exchange: Exchange, code: number, httpStatus?: number): Judgement {
  const seen = summarizeAnswer(exchange);
  if (exchange.error && !exchange.response) return { ok: false, seen };
  const codeOk = errorCodeOf(exchange.response) === code;
  const statusOk = httpStatus === undefined || exchange.transport !== 'http' || exchange.status === httpStatus;
  return { ok: codeOk && statusOk, seen };
}

export function expectResult(exchange: Exchange): Judgement & { result?: Record<string, unknown> } {
  const seen = summarizeAnswer(exchange);
  if (isResultResponse(exchange.response)) return { ok: true, seen, result: exchange.response.result };
  return { ok: false, seen };
}

export function resultOf(exchange: Exchange): Record<string, unknown> | undefined {
  return isResultResponse(exchange.response) ? exchange.response.result : undefined;
}

export function errorDataOf(exchange: Exchange): Record<string, unknown> | undefined {
  if (!isErrorResponse(exchange.response)) return undefined;
  const data = exchange.response.error.data;
  return isRecord(data) ? data : undefined;
}

export function expectedErrorText(code: number, httpStatus?: number, transport?: string): string {
  return `JSON-RPC error ${code}${httpStatus !== undefined && transport !== 'stdio' ? ` with HTTP ${httpStatus}` : ''}`;
}

/** sentMethod's answers by the message sent: every audit asks it of every exchange of the run, and a body never changes once sent. */
const sentMethods = new WeakMap<Exchange['sent'], { method: string | undefined }>();

/** The method a sent body asked for, if it was a parseable JSON-RPC message. */
export function sentMethod(exchange: Exchange): string | undefined {
  let known = sentMethods.get(exchange.sent);
  if (!known) {
    known = { method: methodOfBody(exchange.sent.body) };
    sentMethods.set(exchange.sent, known);
  }
  return known.method;
}

function methodOfBody(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { method?: unknown };
    return typeof parsed.method === 'string' ? parsed.method : undefined;
  } catch {
    return undefined;
  }
}

/** Exchanges made with fully valid requests (the probes that break things are excluded by design of the caller). */
export function uniqueId(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
