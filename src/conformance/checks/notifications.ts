/**
 * Notifications the server must not send unasked: progress for a token no request carried, log
 * messages for a request without a logLevel, and cancellations that do not end a subscription
 * (basic/patterns/progress, server/utilities/logging, basic/patterns/cancellation). The removed
 * URL-elicitation completion is mrtr.removed-elicitation's.
 */

import type { Evidence } from '../../report/model.js';
import { isRecord } from '../../shared/guards.js';
import { classifyMessage } from '../../wire/jsonrpc.js';
import { defineChecks, pass, violated } from '../check.js';
import type { CheckContext } from '../context.js';
import { valueEvidence } from '../evidence.js';
import { allServerMessages } from './audit.js';

/** mcpgate never sends a logLevel, and a progressToken only on the progress probes' own requests. */
const WHY: Record<string, string> = {
  'notifications/progress': 'progress is sent only for a request that carried a progressToken',
  'notifications/message': 'log messages are sent only for a request whose _meta sets a logLevel',
  'notifications/cancelled': 'a server cancels only the subscriptions it tears down, and mcpgate kept none open here',
};

/** Every progressToken mcpgate sent in this run, as JSON text so that 1 and "1" stay apart. */
function sentProgressTokens(ctx: CheckContext): Set<string> {
  const tokens = new Set<string>();
  for (const exchange of ctx.allExchanges()) {
    const token = sentProgressToken(exchange.sent.body);
    if (token !== undefined) tokens.add(token);
  }
  return tokens;
}

function sentProgressToken(body: string): string | undefined {
  try {
    const message = JSON.parse(body) as { params?: { _meta?: { progressToken?: unknown } } };
    const token = message.params?._meta?.progressToken;
    return token === undefined ? undefined : JSON.stringify(token);
  } catch {
    return undefined;
  }
}

function isSolicitedProgress(message: unknown, tokens: ReadonlySet<string>): boolean {
  return (
    isRecord(message) &&
    message.method === 'notifications/progress' &&
    isRecord(message.params) &&
    tokens.has(JSON.stringify(message.params.progressToken))
  );
}

export const notificationChecks = defineChecks('notifications', [
  {
    id: 'notifications.unsolicited',
    title: 'the server sends no progress, log or cancellation notifications nobody asked for',
    level: 'MUST',
    spec: 'basic/patterns/progress',
    phase: 'audit',
    async run(ctx) {
      const tokens = sentProgressTokens(ctx);
      const offenders = allServerMessages(ctx).filter(
        (m) =>
          classifyMessage(m) === 'notification' &&
          isRecord(m) &&
          typeof m.method === 'string' &&
          m.method in WHY &&
          !isSolicitedProgress(m, tokens),
      );
      if (offenders.length === 0) return pass('no unsolicited progress, log or cancellation notifications');
      const methods = [...new Set(offenders.map((m) => (m as { method: string }).method))];
      const evidence: Evidence[] = offenders
        .slice(0, 3)
        .map((m) => valueEvidence('server notification', m, WHY[(m as { method: string }).method]!));
      return violated(
        `the server sent ${offenders.length} unsolicited notification(s): ${methods.map((m) => `${m} (${WHY[m]})`).join('; ')}`,
        evidence,
        'send progress and log notifications only when the request asked for them',
      );
    },
  },
]);
