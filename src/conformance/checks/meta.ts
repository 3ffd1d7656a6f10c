/** Per-request `_meta` requirements and the `_meta` a server returns (basic/index#meta). */

import type { Evidence } from '../../report/model.js';
import { CORE_META_KEYS, ErrorCode, META, META_KEY_PATTERN, isReservedMetaPrefix } from '../../spec/protocol.js';
import { validateDefinition } from '../../spec/validate.js';
import { isRecord } from '../../shared/guards.js';
import type { RequestOptions } from '../../wire/modern-client.js';
import { defineChecks, pass, skip, violated, warn, type CheckDefinition } from '../check.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { auditedResults } from './audit.js';
import { expectError, expectResult, expectedErrorText } from './expect.js';

function missingMetaCheck(id: string, title: string, what: string, options: RequestOptions): Omit<CheckDefinition, 'area'> {
  return {
    id,
    title,
    level: 'MUST',
    spec: 'basic/index#meta',
    async run(ctx) {
      const served = await ctx.servedRequest();
      const exchange = await ctx.client.request(served.method, {}, options);
      const expected = expectedErrorText(ErrorCode.InvalidParams, 400, ctx.transport);
      const judged = expectError(exchange, ErrorCode.InvalidParams, 400);
      const evidence = [evidenceOf(exchange, expected, `${served.label} with ${what}`)];
      if (!judged.ok) {
        return violated(
          `a request with ${what} should get ${expected}; got ${judged.seen}`,
          evidence,
          `reject requests whose params._meta lacks ${META.protocolVersion} or ${META.clientCapabilities} with -32602 (HTTP 400)`,
        );
      }
      return pass(`${what}: ${judged.seen}`, evidence);
    },
  };
}

export const metaChecks = defineChecks('meta', [
  missingMetaCheck('meta.missing-params', 'a request without params is rejected with -32602', 'no params at all', { omitParams: true }),
  missingMetaCheck(
    'meta.missing-protocol-version',
    'a request without _meta protocolVersion is rejected with -32602',
    `no ${META.protocolVersion} in _meta`,
    { metaPatch: { [META.protocolVersion]: undefined } },
  ),
  missingMetaCheck(
    'meta.missing-client-capabilities',
    'a request without _meta clientCapabilities is rejected with -32602',
    `no ${META.clientCapabilities} in _meta`,
    { metaPatch: { [META.clientCapabilities]: undefined } },
  ),
  {
    id: 'meta.client-info-optional',
    title: 'clientInfo is optional in _meta',
    level: 'MUST',
    spec: 'basic/index#meta',
    async run(ctx) {
      const served = await ctx.servedRequest();
      const exchange = await ctx.client.request(served.method, {}, { metaPatch: { [META.clientInfo]: undefined } });
      const judged = expectResult(exchange);
      const evidence = [evidenceOf(exchange, `a normal ${served.label} result`, `${served.label} without ${META.clientInfo}`)];
      return judged.ok
        ? pass('a request without clientInfo was served normally', evidence)
        : violated(
            `a request without clientInfo should be served normally; got ${judged.seen}`,
            evidence,
            `do not require ${META.clientInfo}; it is optional`,
          );
    },
  },
  {
    id: 'meta.traceparent-accepted',
    title: 'a request carrying W3C trace context in _meta is served normally',
    level: 'MUST',
    spec: 'basic/index#meta',
    async run(ctx) {
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      const served = await ctx.servedRequest();
      const exchange = await ctx.client.request(served.method, {}, { metaPatch: { traceparent, tracestate: 'mcpgate=1' } });
      const judged = expectResult(exchange);
      const evidence = [evidenceOf(exchange, `a normal ${served.label} result`, `${served.label} with traceparent and tracestate`)];
      return judged.ok
        ? pass('traceparent and tracestate were accepted', evidence)
        : violated(
            `a request with a valid traceparent should be served normally; got ${judged.seen}`,
            evidence,
            'accept the reserved traceparent, tracestate and baggage keys in _meta',
          );
    },
  },
  {
    id: 'meta.server-info',
    title: 'every result carries serverInfo in _meta',
    level: 'SHOULD',
    spec: 'basic/index#meta',
    phase: 'audit',
    async run(ctx) {
      const results = auditedResults(ctx);
      if (results.length === 0) return skip('no results were received');
      const missing: Evidence[] = [];
      let bad = 0;
      for (const { exchange, method, result } of results) {
        const meta = isRecord(result._meta) ? result._meta : undefined;
        const info = meta?.[META.serverInfo];
        if (info === undefined) {
          if (missing.length < 3) missing.push(evidenceOf(exchange, `_meta["${META.serverInfo}"] with name and version`, method));
          bad++;
        } else if (validateDefinition('Implementation', info).length > 0) {
          if (missing.length < 3) missing.push(valueEvidence(method, info, 'an Implementation: name and version strings'));
          bad++;
        }
      }
      if (bad > 0)
        return violated(
          `${bad} of ${results.length} results lack a valid _meta["${META.serverInfo}"]`,
          missing,
          `add {"${META.serverInfo}": {"name": ..., "version": ...}} to the _meta of every result`,
        );
      return pass(`all ${results.length} results carry serverInfo`);
    },
  },
  {
    id: 'meta.key-syntax',
    title: '_meta keys the server emits follow the key grammar; reserved prefixes hold only defined keys',
    level: 'MUST',
    spec: 'basic/index#meta',
    phase: 'audit',
    async run(ctx) {
      const invalid = new Set<string>();
      const unknownReserved = new Set<string>();
      for (const { result } of auditedResults(ctx)) {
        const meta = isRecord(result._meta) ? result._meta : {};
        for (const key of Object.keys(meta)) {
          if (!META_KEY_PATTERN.test(key)) invalid.add(key);
          else if (isReservedMetaPrefix(key) && !CORE_META_KEYS.includes(key)) unknownReserved.add(key);
        }
      }
      if (invalid.size > 0) {
        return violated(
          `_meta keys that break the key grammar: ${[...invalid]
            .slice(0, 5)
            .map((k) => JSON.stringify(k))
            .join(', ')}`,
          [],
          'use keys of the form prefix.labels/name, for example com.example/trace-id',
        );
      }
      if (unknownReserved.size > 0) {
        return warn(
          `_meta keys under a reserved prefix that the spec does not define: ${[...unknownReserved].slice(0, 5).join(', ')}`,
          [],
          'use your own reverse-DNS prefix for custom keys',
        );
      }
      return pass('every _meta key follows the grammar');
    },
  },
]);

/**
 * What is true of the official TypeScript SDK v2 (2.4.0), whose stdio servers fail this check:
 * serveStdio() classifies the connection's opening message, pins one server instance and era for the
 * connection's lifetime, and hands later messages through without re-reading their version.
 */
const STDIO_STATE_FIX =
  "read the version from every request, never from an earlier message. With the official TypeScript SDK v2 this is its stdio transport, not your code: serveStdio() fixes the era from the connection's first message and never re-checks the version of later ones. serveStdio(factory, { legacy: 'reject' }) makes it refuse a first message without a version (with -32022 where -32602 is due) instead of serving it as 2025-era; re-checking later messages needs a change in the SDK";

/**
 * Statelessness from a cold start: on a fresh connection, a first request without a protocol version
 * must be refused, and must not switch the connection into another era for the requests after it.
 */
export const statelessCheck = defineChecks('meta', [
  {
    id: 'meta.stateless',
    title: 'version and capabilities come from each request, not from earlier traffic on the connection',
    level: 'MUST',
    spec: 'basic/index#meta',
    run: async (ctx) => {
      const served = await ctx.servedRequest();
      return ctx.isolated(
        async (client) => {
          const first = await client.request(served.method, {}, { metaPatch: { [META.protocolVersion]: undefined } });
          const second = await client.request(served.method);
          const evidence = [
            evidenceOf(
              first,
              expectedErrorText(ErrorCode.InvalidParams, 400, ctx.transport),
              'first request on a new connection, without protocolVersion',
            ),
            evidenceOf(second, `a ${served.label} result`, 'second request, well-formed'),
          ];
          const refused = expectError(first, ErrorCode.InvalidParams, 400);
          const after = expectResult(second);
          // The exchange that went wrong is shown first.
          if (refused.ok && !after.ok) evidence.reverse();
          if (!refused.ok)
            return violated(
              `the first request on a new connection lacked protocolVersion and should get ${expectedErrorText(ErrorCode.InvalidParams, 400, ctx.transport)}; got ${refused.seen}`,
              evidence,
              ctx.transport === 'stdio'
                ? STDIO_STATE_FIX
                : 'read the version from every request; never fall back to an era chosen by an earlier message',
            );
          if (!after.ok)
            return violated(
              `after a refused first request, a well-formed 2026-07-28 request got ${after.seen}`,
              evidence,
              'keep no per-connection protocol state',
            );
          return pass('a defective first request was refused and did not change how the next one was served', evidence);
        },
        { cold: true, http: 'new-unaudited' },
      );
    },
  },
]);
