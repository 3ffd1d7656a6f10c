/**
 * How a probe's answer is graded. `right`: the answer the JSON-RPC or MCP rules name. `tolerated`:
 * a clean refusal with another code or HTTP status (a warning: the client learns nothing precise,
 * but nothing broke). `wrong`: no answer, a hang, a 5xx, or a success for input that cannot succeed.
 */

import { pass, violated, warn, type CheckOutcome } from '../../conformance/check.js';
import type { Evidence } from '../../report/model.js';
import { redact } from '../../shared/redact.js';
import { summarizeAnswer } from '../../wire/era.js';
import type { Exchange } from '../../wire/exchange.js';
import { errorCodeOf, isErrorResponse, isResultResponse } from '../../wire/jsonrpc.js';
import { cutAfter } from '../../shared/cut.js';

export interface Acceptance {
  /** JSON-RPC error codes that are right; `any` takes every code but -32603 (the server's own fault). */
  codes: readonly number[] | 'any';
  /** A tool result with `isError: true` is right. */
  isErrorResult?: boolean;
  /** A normal result is right: the input was odd but legitimate (e.g. a huge argument). */
  anyResult?: boolean;
  /** HTTP statuses that are right on their own; any other 4xx is tolerated. `4xx` takes them all. */
  statuses?: readonly number[] | '4xx';
}

export type Grade = 'right' | 'tolerated' | 'wrong';

export interface Graded {
  grade: Grade;
  /** What came back, in words. */
  seen: string;
}

const INTERNAL_ERROR = -32603;

export function grade(exchange: Exchange, acceptance: Acceptance): Graded {
  const seen = isSilent(exchange) ? describeSilence(exchange) : describe(exchange);
  const status = exchange.transport === 'http' ? exchange.status : undefined;
  if (status !== undefined && status >= 500) return { grade: 'wrong', seen };
  const code = errorCodeOf(exchange.response);
  if (code !== undefined) {
    const listed = acceptance.codes === 'any' ? code !== INTERNAL_ERROR : acceptance.codes.includes(code);
    return { grade: listed ? 'right' : 'tolerated', seen };
  }
  if (isResultResponse(exchange.response)) {
    const isError = exchange.response.result.isError === true;
    return { grade: (isError && acceptance.isErrorResult) || acceptance.anyResult ? 'right' : 'wrong', seen };
  }
  if (status !== undefined && status >= 400) {
    const right = acceptance.statuses === '4xx' || (acceptance.statuses ?? []).includes(status);
    return { grade: right ? 'right' : 'tolerated', seen };
  }
  return { grade: 'wrong', seen };
}

/** The worst of several grades: one wrong part makes the probe wrong. */
export function worst(grades: readonly Grade[]): Grade {
  if (grades.includes('wrong')) return 'wrong';
  return grades.includes('tolerated') ? 'tolerated' : 'right';
}

export function describe(exchange: Exchange): string {
  if (exchange.error && !exchange.response && exchange.status === undefined) return exchange.error.message;
  const answer = summarizeAnswer(exchange);
  if (isResultResponse(exchange.response) && exchange.response.result.isError === true) return `${answer} with isError: true`;
  return exchange.error && !isErrorResponse(exchange.response) ? `${answer} (${exchange.error.message})` : answer;
}

function isSilent(exchange: Exchange): boolean {
  return exchange.error?.kind === 'timeout' && exchange.status === undefined && exchange.messages.length === 0;
}

const SENT_PREVIEW = 60;

/** What a probe sent, and that nothing came back: a silent server is judged by what it was given. */
function describeSilence(exchange: Exchange): string {
  const sent = exchange.sent.body.replace(/\s+/g, ' ');
  const preview = cutAfter(sent, SENT_PREVIEW);
  const where = exchange.transport === 'stdio' ? 'on stdin' : `to ${exchange.endpoint}`;
  const waited = exchange.sent.timeoutMs !== undefined ? ` within ${exchange.sent.timeoutMs} ms` : '';
  return `sent ${redact(preview)} ${where}; nothing came back${waited}`;
}

/** Folds a grade into a check outcome with one line per part. */
export function outcomeOf(graded: Grade, message: string, evidence: Evidence[], fix: string): CheckOutcome {
  if (graded === 'right') return pass(message, evidence);
  if (graded === 'tolerated') return warn(`${message}; a clean refusal, but not with the code the rules name`, evidence, fix);
  return violated(message, evidence, fix);
}
