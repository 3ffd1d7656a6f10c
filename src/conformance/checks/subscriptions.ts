/** subscriptions/listen: the acknowledgement that opens every subscription (basic/patterns/subscriptions). */

import { ErrorCode, META } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { classifyMessage } from '../../wire/jsonrpc.js';
import { defineChecks, pass, violated, warn } from '../check.js';
import { evidenceOf, excerpt } from '../evidence.js';
import { expectError, uniqueId } from './expect.js';
import { collapseWhitespace } from '../../shared/one-line.js';

const ACK = 'notifications/subscriptions/acknowledged';
const REQUESTED = { toolsListChanged: true, resourcesListChanged: true, promptsListChanged: true };

function subscriptionIdOf(message: unknown): unknown {
  const params = isRecord(message) && isRecord(message.params) ? message.params : {};
  return isRecord(params._meta) ? params._meta[META.subscriptionId] : undefined;
}

export const subscriptionChecks = defineChecks('subscriptions', [
  {
    id: 'subscriptions.acknowledged',
    title: 'subscriptions/listen opens with an acknowledgement carrying the request id and the honoured subset',
    level: 'MUST',
    spec: 'basic/patterns/subscriptions',
    async run(ctx) {
      const id = uniqueId('sub');
      // On stdio other requests' answers interleave; only messages about this subscription count.
      const ours = (m: unknown): boolean =>
        (classifyMessage(m) === 'notification' && ((m as { method?: unknown }).method === ACK || subscriptionIdOf(m) === id)) ||
        (m as { id?: unknown }).id === id;
      // On stdio the subscription lives on a connection of its own, whose teardown (a cancellation
      // notification) is this probe's business and not the audits'.
      return ctx.isolated(
        async (client) => {
          // The stream stays open by design: the exchange ends at the first message of the subscription.
          // It waits as long as any request (--timeout): a shorter window turned a slow answer on a busy
          // machine into a missing acknowledgement.
          const exchange = await client.request('subscriptions/listen', { notifications: REQUESTED }, { id, endWhen: ours });
          if (ctx.transport === 'stdio') await client.notify('notifications/cancelled', { requestId: id, reason: 'mcpgate probe done' });
          const expected = `first message ${ACK} with _meta["${META.subscriptionId}"] === ${JSON.stringify(id)} and notifications ⊆ the request`;
          const evidence = [evidenceOf(exchange, expected, 'subscriptions/listen')];
          if (expectError(exchange, ErrorCode.MethodNotFound).ok) {
            return warn(
              'subscriptions/listen is answered as an unknown method; the revision implies every server accepts it, even if it honours nothing',
              evidence,
              `answer subscriptions/listen with ${ACK} listing the notifications the server will send (possibly none)`,
            );
          }
          if (ctx.transport === 'http' && exchange.contentType !== undefined && exchange.contentType !== 'text/event-stream') {
            return violated(
              `subscriptions/listen was answered as ${exchange.contentType}, not text/event-stream: ${excerpt(collapseWhitespace(exchange.bodyText) || '(empty body)', 160)}`,
              evidence,
              'answer subscriptions/listen with Content-Type text/event-stream and keep the stream open for its notifications',
            );
          }
          const first = exchange.messages.find(ours);
          if (!first || (first as { method?: unknown }).method !== ACK) {
            return violated(
              `the first message was ${first ? JSON.stringify(first).slice(0, 120) : `nothing (${exchange.error?.message ?? 'no message'})`}, not ${ACK}`,
              evidence,
              `send ${ACK} first on every subscription`,
            );
          }
          const params = isRecord((first as { params?: unknown }).params) ? (first as { params: Record<string, unknown> }).params : {};
          const subscriptionId = subscriptionIdOf(first);
          if (subscriptionId !== id) {
            return violated(
              `the acknowledgement's subscriptionId is ${JSON.stringify(subscriptionId)}, expected the listen request id ${JSON.stringify(id)}`,
              evidence,
              'use the JSON-RPC id of the listen request as the subscriptionId',
            );
          }
          const honoured = isRecord(params.notifications) ? Object.keys(params.notifications) : undefined;
          if (!honoured)
            return violated(
              'the acknowledgement has no notifications object',
              evidence,
              'list the honoured notification types in params.notifications',
            );
          const extra = honoured.filter((key) => !(key in REQUESTED));
          if (extra.length > 0)
            return violated(`the acknowledgement honours notifications that were not requested: ${extra.join(', ')}`, evidence);
          return pass(
            `acknowledged with subscriptionId ${JSON.stringify(id)}, honouring ${honoured.length === 0 ? 'nothing' : honoured.join(', ')}`,
            evidence,
          );
        },
        { http: 'shared' },
      );
    },
  },
]);
