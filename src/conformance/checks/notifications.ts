/**
 * Notifications the server must not send unasked: progress for a request without a progressToken,
 * log messages for a request without a logLevel, cancellations that do not end a subscription, and
 * the removed URL-elicitation completion (basic/patterns/progress, server/utilities/logging,
 * basic/patterns/cancellation, basic/patterns/mrtr).
 */

import type { Evidence } from '../../report/model.js';
import { classifyMessage, isObject } from '../../wire/jsonrpc.js';
import { defineChecks, pass, violated } from '../check.js';
import { valueEvidence } from '../evidence.js';
import { allServerMessages } from './audit.js';

/** mcpgate's probes never send progressToken or logLevel, so every such notification is unsolicited. */
const WHY: Record<string, string> = {
  'notifications/progress': 'progress is sent only for a request that carried a progressToken',
  'notifications/message': 'log messages are sent only for a request whose _meta sets a logLevel',
  'notifications/cancelled': 'a server cancels only the subscriptions it tears down, and mcpgate kept none open here',
  'notifications/elicitation/complete': 'URL elicitation completion was removed in this revision',
};

export const notificationChecks = defineChecks('notifications', [
  {
    id: 'notifications.unsolicited',
    title: 'the server sends no progress, log or cancellation notifications nobody asked for',
    level: 'MUST',
    spec: 'basic/patterns/progress',
    phase: 'audit',
    async run(ctx) {
      const offenders = allServerMessages(ctx).filter(
        (m) => classifyMessage(m) === 'notification' && isObject(m) && typeof m.method === 'string' && m.method in WHY,
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
