/** Probes of load and abandonment: many requests at once, and a client that goes away mid-request. */

import { compileToolSchema } from '../../conformance/tool-schemas.js';
import { describeSent, evidenceOf } from '../../conformance/evidence.js';
import { sampleArguments } from '../../conformance/sample-arguments.js';
import { paramHeaderValues, paramHeadersOf } from '../../spec/param-headers.js';
import { pass, violated } from '../../conformance/check.js';
import type { Evidence } from '../../report/model.js';
import type { Exchange } from '../../wire/exchange.js';
import { isResultResponse, sameId, type JsonRpcId } from '../../wire/jsonrpc.js';
import { describe } from './judge.js';
import type { RawMessage } from './link.js';
import { defineProbes, probeId, type ProbeContext } from './probe.js';

export const CONCURRENT_REQUESTS = 50;

function answeredOwnId(exchange: Exchange, method: string): boolean {
  if (!isResultResponse(exchange.response) || exchange.responseIdMismatch) return false;
  if (!sameId(exchange.response.id, exchange.sent.awaitId)) return false;
  return method !== 'tools/list' || Array.isArray(exchange.response.result.tools);
}

/** A request worth abandoning: a call of a read-only tool with schema-valid arguments, else a list. */
function abandonedRequest(ctx: ProbeContext): RawMessage & { body: string; label: string } {
  const id = probeId('abandoned');
  for (const tool of ctx.callableTools) {
    const args = sampleArguments(tool.inputSchema);
    const compiled = compileToolSchema(tool.inputSchema ?? { type: 'object' });
    if (!compiled.ok || !compiled.validate(args)) continue;
    return {
      body: ctx.requestText(id, 'tools/call', { name: tool.name, arguments: args }),
      method: 'tools/call',
      name: tool.name,
      paramHeaders: paramHeaderValues(paramHeadersOf(tool.inputSchema), args),
      label: `tools/call ${tool.name}`,
    };
  }
  return { body: ctx.requestText(id, ctx.healthMethod), method: ctx.healthMethod, label: ctx.healthMethod };
}

function abandonedEvidence(exchange: Exchange, label: string, what: string): Evidence {
  return {
    label,
    sent: describeSent(exchange),
    received: `(not read: ${what})`,
    expected: 'nothing for this request; the next valid request is still answered',
  };
}

export const loadProbes = defineProbes([
  {
    id: 'robust.concurrent-requests',
    title: `${CONCURRENT_REQUESTS} requests at once are all answered, each with its own id`,
    level: 'MUST',
    spec: 'basic/index#messages',
    async run(ctx) {
      const method = ctx.healthMethod;
      // Integer and string ids alike, so an answer crossed between requests cannot go unnoticed.
      const ids: JsonRpcId[] = Array.from({ length: CONCURRENT_REQUESTS }, (_, i) => (i % 2 === 0 ? 900_000 + i : probeId('load')));
      const started = performance.now();
      const exchanges = await Promise.all(
        ids.map((id) => {
          // HTTP: one connection each, so the server really has them all in flight at once.
          const client = ctx.link.kind === 'http' ? ctx.link.freshClient() : ctx.link.client;
          return client.request(method, {}, { id, audited: false });
        }),
      );
      const ms = Math.round(performance.now() - started);
      const bad = exchanges.filter((e) => !answeredOwnId(e, method));
      if (bad.length === 0) return pass(`${CONCURRENT_REQUESTS} concurrent ${method} requests all answered with their own ids in ${ms} ms`);
      const evidence = bad
        .slice(0, 3)
        .map((e) =>
          evidenceOf(e, `a ${method} result echoing id ${JSON.stringify(e.sent.awaitId)}`, `request id ${JSON.stringify(e.sent.awaitId)}`),
        );
      return violated(
        `${bad.length} of ${CONCURRENT_REQUESTS} concurrent ${method} requests were not answered correctly, e.g. ${describe(bad[0]!)}`,
        evidence,
        'serve concurrent requests independently and echo each request id',
      );
    },
  },
  {
    id: 'robust.client-disconnect',
    title: 'a client that goes away mid-request does not take the server down',
    level: 'MUST',
    spec: 'basic/patterns/cancellation',
    async run(ctx) {
      const request = abandonedRequest(ctx);
      if (ctx.link.kind === 'http') {
        // Closing the connection is how an HTTP client cancels; a half-sent body is a client that died.
        const afterSend = await ctx.link.abandon(request, 'abandon-after-send');
        const listId = probeId('abandoned');
        const midBody = await ctx.link.abandon(
          { body: ctx.requestText(listId, ctx.healthMethod), method: ctx.healthMethod },
          'abandon-mid-body',
        );
        return pass(`abandoned ${request.label} after sending it, and a ${ctx.healthMethod} halfway through its body`, [
          abandonedEvidence(afterSend, request.label, 'mcpgate closed the connection as soon as the request was sent'),
          abandonedEvidence(
            midBody,
            `${ctx.healthMethod}, half the body`,
            'mcpgate closed the connection after half of the announced Content-Length',
          ),
        ]);
      }
      // stdio has no connection to drop without ending the process, so the client abandons the
      // request the way the revision gives it: notifications/cancelled right behind the request.
      const id = (JSON.parse(request.body) as { id: JsonRpcId }).id;
      const sent = await ctx.link.send({ body: request.body, method: request.method });
      const cancelBody = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'mcpgate: client went away', _meta: ctx.link.client.defaultMeta() },
      });
      const cancel = await ctx.link.send({ body: cancelBody, method: 'notifications/cancelled' });
      return pass(`abandoned ${request.label} with notifications/cancelled right after sending it`, [
        abandonedEvidence(sent, request.label, 'mcpgate cancelled the request at once'),
        abandonedEvidence(cancel, 'notifications/cancelled', 'a notification has no answer'),
      ]);
    },
  },
]);
