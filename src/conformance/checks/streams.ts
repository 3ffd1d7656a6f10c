/**
 * Several response streams on one endpoint at once (basic/transports/streamable-http, the official
 * server-sse-multiple-streams): every POST gets its own stream, and what belongs to one request
 * never travels on another's. A subscriptions/listen stream is held open (it stays open by design,
 * so the overlap does not depend on timing) while a second listen and an ordinary request go out;
 * a server that does not acknowledge listen gets three ordinary requests at once instead.
 */

import { META } from '../../spec/protocol.js';
import type { Evidence } from '../../report/model.js';
import { summarizeAnswer } from '../../wire/era.js';
import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import { isResultResponse, sameId } from '../../wire/jsonrpc.js';
import { pass, skip, violated, type CheckDefinition, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { uniqueId } from './expect.js';

const ACK = 'notifications/subscriptions/acknowledged';
const SPEC = 'basic/transports/streamable-http';

function subscriptionOf(message: unknown): unknown {
  const params = isRecord(message) && isRecord(message.params) ? message.params : {};
  return isRecord(params._meta) ? params._meta[META.subscriptionId] : undefined;
}

/** The first acknowledgement on the stream (whatever subscription it names: isAcknowledged judges that), or the request's own answer, ends its exchange. */
const acknowledges =
  (id: string) =>
  (message: unknown): boolean =>
    isRecord(message) && (message.method === ACK || message.id === id);

function isAcknowledged(exchange: Exchange, id: string): boolean {
  return exchange.messages.some((m) => isRecord(m) && m.method === ACK && subscriptionOf(m) === id);
}

/** Whether a message belongs to another request than `ownId`: an answer to another id, or another subscription's notification. */
function isForeign(message: unknown, ownId: string): boolean {
  if (!isRecord(message)) return false;
  if ('id' in message && !('method' in message)) return !sameId(message.id, ownId);
  const subscription = subscriptionOf(message);
  return subscription !== undefined && subscription !== ownId;
}

function foreignMessages(exchange: Exchange, ownId: string): unknown[] {
  return exchange.messages.filter((m) => isForeign(m, ownId));
}

function listen(
  ctx: CheckContext,
  id: string,
  hold?: { until: Promise<unknown>; onMessage: (message: unknown) => void },
): Promise<Exchange> {
  return ctx.client.request(
    'subscriptions/listen',
    { notifications: { toolsListChanged: true } },
    { id, endWhen: acknowledges(id), ...(hold ? { holdOpen: hold.until, onMessage: hold.onMessage } : {}) },
  );
}

/**
 * A second listen and an ordinary request while the first stream is held. A message of theirs on
 * the held stream ends the wait at once: it is the finding, and their own streams may then never
 * be answered.
 */
async function besideHeld(ctx: CheckContext, held: Exchange, heldId: string, crossed: Promise<unknown>): Promise<CheckOutcome> {
  const { method } = await ctx.servedRequest();
  const secondId = uniqueId('listen-b');
  const requestId = uniqueId('request-c');
  const both = Promise.all([listen(ctx, secondId), ctx.client.request(method, {}, { id: requestId })]);
  const settled = await Promise.race([both, crossed.then(() => undefined)]);
  const foreign = foreignMessages(held, heldId);
  if (foreign.length > 0 || !settled)
    return violated(
      `${foreign.length} message(s) of other requests (a second listen, a ${method}) arrived on the stream of the first subscriptions/listen`,
      [evidenceOf(held, 'only messages of this subscription', 'first listen stream, held open')],
      'write each response and notification on the stream of the request it belongs to',
    );
  const [second, request] = settled;
  const problems: string[] = [];
  const evidence: Evidence[] = [];
  if (!isAcknowledged(second, secondId)) {
    problems.push(`a second subscriptions/listen opened while the first was open got ${summarizeAnswer(second)}, not its own ${ACK}`);
    evidence.push(evidenceOf(second, `its own ${ACK} with subscriptionId ${JSON.stringify(secondId)}`, 'second listen stream'));
  }
  if (!isResultResponse(request.response) || !sameId(request.response.id, requestId)) {
    problems.push(`${method} sent while a listen stream was open got ${summarizeAnswer(request)}`);
    evidence.push(evidenceOf(request, `a ${method} result with id ${JSON.stringify(requestId)}`, `${method} beside an open stream`));
  }
  if (problems.length > 0)
    return violated(problems.join('; '), evidence, 'serve each POST on its own response stream, independently of any other open stream');
  return pass(`while one listen stream was open, a second listen and a ${method} were each answered on their own stream`, [
    evidenceOf(held, `${ACK}, then nothing of other requests`, 'first listen stream (held open)'),
  ]);
}

/** Without listen: three requests at once, each answered with its own id. */
async function threeAtOnce(ctx: CheckContext): Promise<CheckOutcome> {
  const { method } = await ctx.servedRequest();
  const ids = [1, 2, 3].map((n) => uniqueId(`concurrent-${n}`));
  const exchanges = await Promise.all(ids.map((id) => ctx.client.request(method, {}, { id })));
  const wrong = exchanges.filter((e, i) => !isResultResponse(e.response) || !sameId(e.response.id, ids[i]));
  if (wrong.length > 0)
    return violated(
      `${wrong.length} of 3 concurrent ${method} requests were not answered with their own result: ${wrong.map(summarizeAnswer).join('; ')}`,
      wrong.slice(0, 3).map((e) => evidenceOf(e, `a ${method} result with the request's own id`, `concurrent ${method}`)),
      'serve concurrent POSTs independently, each on its own response',
    );
  return pass(
    `3 concurrent ${method} requests were each answered with their own result (subscriptions/listen is not served, so no stream was held open)`,
  );
}

export const streamChecks: Array<Omit<CheckDefinition, 'area'>> = [
  {
    id: 'http.concurrent-streams',
    title: 'requests made while another response stream is open are each answered on their own stream',
    level: 'MUST',
    spec: SPEC,
    transports: ['http'],
    async run(ctx) {
      // A held stream keeps its slot: the probe needs a second one beside it.
      if ((ctx.options.maxInFlight ?? Infinity) < 2) return skip('a stream held open beside another request needs --concurrency 2 or more');
      const heldId = uniqueId('listen-a');
      let release: () => void = () => {};
      const until = new Promise<void>((resolve) => (release = resolve));
      let crossedSeen: () => void = () => {};
      const crossed = new Promise<void>((resolve) => (crossedSeen = resolve));
      const onMessage = (message: unknown): void => {
        if (isForeign(message, heldId)) crossedSeen();
      };
      try {
        const held = await listen(ctx, heldId, { until, onMessage });
        if (!isAcknowledged(held, heldId)) return await threeAtOnce(ctx);
        return await besideHeld(ctx, held, heldId, crossed);
      } finally {
        release();
      }
    },
  },
];
