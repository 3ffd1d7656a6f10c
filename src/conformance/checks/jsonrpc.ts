/** JSON-RPC 2.0 basics as the 2026-07-28 revision uses them (basic/index#messages, basic/transports). */

import { ErrorCode } from '../../spec/protocol.js';
import { classifyMessage, isResponse, sameId } from '../../wire/jsonrpc.js';
import { defineChecks, pass, violated, warn } from '../check.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { allServerMessages } from './audit.js';
import { expectError, expectResult, expectedErrorText, uniqueId } from './expect.js';

export const jsonrpcChecks = defineChecks('jsonrpc', [
  {
    id: 'jsonrpc.id-echo',
    title: 'response ids echo the request id with the same value and type (string and integer)',
    level: 'MUST',
    spec: 'basic/index#messages',
    async run(ctx) {
      const stringId = uniqueId('mcpgate');
      const integerId = 900_000 + Math.floor(Math.random() * 99_999);
      const { method } = await ctx.servedRequest();
      const [s, i] = await Promise.all([
        ctx.client.request(method, {}, { id: stringId }),
        ctx.client.request(method, {}, { id: integerId }),
      ]);
      const evidence = [
        evidenceOf(s, `a response with id ${JSON.stringify(stringId)} (a string)`, 'string id'),
        evidenceOf(i, `a response with id ${integerId} (an integer)`, 'integer id'),
      ];
      const problems: string[] = [];
      for (const [exchange, id] of [
        [s, stringId],
        [i, integerId],
      ] as const) {
        const got = (exchange.response as { id?: unknown } | undefined)?.id;
        if (!exchange.response)
          problems.push(`no response to id ${JSON.stringify(id)} (${exchange.error?.message ?? 'nothing came back'})`);
        else if (!sameId(got, id))
          problems.push(`id ${JSON.stringify(id)} (${typeof id}) came back as ${JSON.stringify(got)} (${typeof got})`);
      }
      if (problems.length > 0) return violated(problems.join('; '), evidence, 'echo the request id unchanged, keeping its JSON type');
      return pass('string and integer ids are echoed unchanged', evidence);
    },
  },
  {
    id: 'jsonrpc.unknown-method',
    title: 'an unknown method gets -32601 (HTTP 404)',
    level: 'MUST',
    spec: 'basic/index#error-codes',
    async run(ctx) {
      const method = `mcpgate/${uniqueId('no-such-method')}`;
      const exchange = await ctx.client.request(method);
      const expected = expectedErrorText(ErrorCode.MethodNotFound, 404, ctx.transport);
      const judged = expectError(exchange, ErrorCode.MethodNotFound, 404);
      const evidence = [evidenceOf(exchange, expected, method)];
      return judged.ok
        ? pass(`unknown method: ${judged.seen}`, evidence)
        : violated(
            `an unknown method should get ${expected}; got ${judged.seen}`,
            evidence,
            'answer unknown methods with -32601, and on HTTP with status 404 and the JSON-RPC error body',
          );
    },
  },
  {
    id: 'jsonrpc.null-id',
    title: 'a request with id null is rejected as an invalid request (-32600)',
    level: 'SHOULD',
    spec: 'basic/index#messages',
    run: async (ctx) => {
      const { method } = await ctx.servedRequest();
      // On stdio nothing can be matched to a null id: the answer is whatever arrives before the next
      // request's, on a connection no other check's traffic reaches.
      return ctx.isolated(
        async (client) => {
          const exchange = await client.request(method, {}, { id: null, audited: false });
          if (ctx.transport === 'stdio') {
            const before = client.connection.received.length;
            await client.request(method);
            const answer = client.connection.received
              .slice(before)
              .map((r) => r.message)
              .find((m) => isResponse(m) && (m as { id?: unknown }).id === null);
            if (answer) exchange.response = answer as typeof exchange.response;
          }
          const judged = expectError(exchange, ErrorCode.InvalidRequest);
          const evidence = [evidenceOf(exchange, `JSON-RPC error ${ErrorCode.InvalidRequest}`, `${method} with "id": null`)];
          if (judged.ok) return pass(`id null: ${judged.seen}`, evidence);
          if (expectResult(exchange).ok)
            return violated('a request with id null was served as if it were valid', evidence, 'reject "id": null with -32600');
          return warn(`id null got ${judged.seen}; the spec names -32600 but leaves the answer open`, evidence);
        },
        { http: 'shared' },
      );
    },
  },
  {
    id: 'jsonrpc.notification-no-response',
    title: 'a notification gets no JSON-RPC response (HTTP 202 with an empty body, or an HTTP error)',
    level: 'MUST',
    spec: 'basic/transports/streamable-http',
    async run(ctx) {
      const params = { requestId: uniqueId('never-sent'), reason: 'mcpgate conformance probe' };
      if (ctx.transport === 'http') {
        const exchange = await ctx.client.notify('notifications/cancelled', params);
        const evidence = [evidenceOf(exchange, 'HTTP 202 with an empty body, or a 4xx', 'notifications/cancelled')];
        const status = exchange.status ?? 0;
        if (status === 202 && exchange.bodyText.trim() === '') return pass('notification answered 202 with an empty body', evidence);
        if (status >= 400 && status < 500 && !exchange.messages.some((m) => isResponse(m) && (m as { id?: unknown }).id != null)) {
          return pass(`notification refused with HTTP ${status}, which the spec allows`, evidence);
        }
        return violated(
          `a notification should get 202 with an empty body (or a 4xx); got HTTP ${exchange.status ?? 'none'}${exchange.bodyText.trim() ? ' with a body' : ''}`,
          evidence,
          'answer accepted notifications with 202 Accepted and no body',
        );
      }
      // stdio: a response to the notification would arrive before the answer to the next request, on a
      // connection no other check's traffic reaches.
      const { method } = await ctx.servedRequest();
      return ctx.isolated(
        async (client) => {
          const before = client.connection.received.length;
          await client.notify('notifications/cancelled', params);
          const follow = await client.request(method);
          const window = client.connection.received.slice(before).map((r) => r.message);
          const stray = window.filter(
            (m) =>
              isResponse(m) &&
              !sameId((m as { id?: unknown }).id, (follow.response as { id?: unknown } | undefined)?.id) &&
              (m as { id?: unknown }).id == null,
          );
          if (stray.length > 0)
            return violated(
              'the server answered a notification',
              [valueEvidence('response to a notification', stray[0], 'no message at all')],
              'never answer notifications',
            );
          return pass('no response to the notification', [
            evidenceOf(follow, 'the follow-up request answered, nothing else', `follow-up ${method}`),
          ]);
        },
        { http: 'shared' },
      );
    },
  },
  {
    id: 'jsonrpc.no-server-requests',
    title: 'the server never sends JSON-RPC requests',
    level: 'MUST',
    spec: 'basic/patterns',
    phase: 'audit',
    async run(ctx) {
      const requests = allServerMessages(ctx).filter((m) => classifyMessage(m) === 'request');
      if (requests.length > 0) {
        return violated(
          `the server sent ${requests.length} request(s), e.g. ${(requests[0] as { method: string }).method}; 2026-07-28 servers ask for input with input_required results instead`,
          requests.slice(0, 3).map((r) => valueEvidence('server-initiated request', r, 'no message with both method and id')),
          'return an InputRequiredResult (resultType "input_required") instead of sending requests',
        );
      }
      return pass('no server-initiated requests were seen');
    },
  },
]);
