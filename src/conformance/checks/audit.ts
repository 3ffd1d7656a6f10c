/** What the audits look at: every result and every message the server sent during the run. */

import type { Exchange } from '../../wire/exchange.js';
import { isErrorResponse, isResultResponse, type JsonRpcErrorObject } from '../../wire/jsonrpc.js';
import type { CheckContext } from '../context.js';
import { sentMethod } from './expect.js';

export interface AuditedResult {
  exchange: Exchange;
  method: string;
  result: Record<string, unknown>;
}

/**
 * `initialize` is excluded: a dual-era server answers it with a 2025-era result, which follows the
 * rules of that revision, not these.
 */
const NOT_AUDITED = new Set(['initialize']);

export function auditedResults(ctx: CheckContext): AuditedResult[] {
  const out: AuditedResult[] = [];
  for (const exchange of ctx.allExchanges()) {
    const method = sentMethod(exchange);
    if (!method || NOT_AUDITED.has(method) || !isResultResponse(exchange.response)) continue;
    out.push({ exchange, method, result: exchange.response.result });
  }
  return out;
}

export function auditedErrors(ctx: CheckContext): Array<{ exchange: Exchange; method: string | undefined; error: JsonRpcErrorObject }> {
  const out: Array<{ exchange: Exchange; method: string | undefined; error: JsonRpcErrorObject }> = [];
  for (const exchange of ctx.allExchanges()) {
    for (const message of exchange.messages) {
      if (isErrorResponse(message)) out.push({ exchange, method: sentMethod(exchange), error: message.error });
    }
  }
  return out;
}

/**
 * Every message the server sent on audited connections (parsed), in arrival order per connection.
 * On HTTP, what came back to a notification is left out: jsonrpc.notification-no-response judges it.
 */
export function allServerMessages(ctx: CheckContext): unknown[] {
  return ctx
    .auditedConnections()
    .flatMap((c) =>
      c.transport === 'http'
        ? c.exchanges.filter((e) => e.sent.awaitId !== undefined && e.sent.audited !== false).flatMap((e) => e.messages)
        : c.received.map((r) => r.message).filter((m) => m !== undefined),
    );
}
