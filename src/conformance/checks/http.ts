/** Streamable HTTP rules: routing headers, method handling, Origin, sessions (basic/transports/streamable-http). */

import type { Evidence } from '../../report/model.js';
import { ErrorCode, HEADERS, LEGACY_VERSIONS, META, PROTOCOL_VERSION } from '../../spec/protocol.js';
import type { Exchange } from '../../wire/exchange.js';
import type { RequestOptions } from '../../wire/modern-client.js';
import { defineChecks, pass, skip, violated, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { expectError, expectResult } from './expect.js';
import { safeCalls } from '../calls.js';
import { paramHeaderCheck } from './param-headers.js';
import { streamChecks } from './streams.js';

const SPEC = 'basic/transports/streamable-http';
const HTTP_ONLY = ['http'] as const;
const MISMATCH = `${ErrorCode.HeaderMismatch} with HTTP 400`;
/** A version no server serves, for the body of a request whose header names the current one. */
const UNSERVED_VERSION = '1900-01-01';

interface Probe {
  label: string;
  send: () => Promise<Exchange>;
}

/** Runs probes that must each get 400/-32020; one failing probe fails the check. */
async function expectHeaderMismatch(probes: Probe[], fix: string): Promise<CheckOutcome> {
  const evidence: Evidence[] = [];
  const problems: string[] = [];
  for (const probe of probes) {
    const exchange = await probe.send();
    const judged = expectError(exchange, ErrorCode.HeaderMismatch, 400);
    evidence.push(evidenceOf(exchange, `JSON-RPC error ${MISMATCH}`, probe.label));
    if (!judged.ok) problems.push(`${probe.label}: got ${judged.seen}`);
  }
  if (problems.length > 0)
    return violated(
      `expected ${MISMATCH}; ${problems.join('; ')}`,
      evidence.filter((e) => problems.some((p) => p.startsWith(e.label ?? '\u0000'))),
      fix,
    );
  return pass(`${probes.length} probe(s) answered ${MISMATCH}`, evidence.slice(0, 2));
}

interface NamedRequest {
  method: string;
  params: Record<string, unknown>;
  name: string;
}

/** A request that carries Mcp-Name and is safe to send: a listed resource, a prompt, or a safe tool call. */
async function namedRequests(ctx: CheckContext): Promise<NamedRequest[]> {
  const out: NamedRequest[] = [];
  if (ctx.hasCapability('resources')) {
    const resource = (await ctx.list('resources/list')).items.find((r) => typeof r.uri === 'string');
    if (resource) out.push({ method: 'resources/read', params: { uri: resource.uri }, name: resource.uri as string });
  }
  if (ctx.hasCapability('tools')) {
    const call = (await safeCalls(ctx))[0];
    if (call) out.push({ method: 'tools/call', params: { name: call.tool.name, arguments: call.args }, name: call.tool.name });
  }
  if (ctx.hasCapability('prompts')) {
    const prompt = (await ctx.list('prompts/list')).items.find(
      (p) =>
        typeof p.name === 'string' &&
        !(Array.isArray(p.arguments) && p.arguments.some((a) => (a as { required?: unknown })?.required === true)),
    );
    if (prompt) out.push({ method: 'prompts/get', params: { name: prompt.name }, name: prompt.name as string });
  }
  return out;
}

function request(ctx: CheckContext, method: string, params: Record<string, unknown>, options: RequestOptions): () => Promise<Exchange> {
  return () => ctx.client.request(method, params, options);
}

/** The name with the case of every letter swapped, or undefined when it has no cased letter. */
export function swapCase(name: string): string | undefined {
  const swapped = [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return swapped === name ? undefined : swapped;
}

/** Another method than `method`, to put in a mismatched Mcp-Method header. */
function otherMethod(method: string): string {
  return method === 'server/discover' ? 'tools/list' : 'server/discover';
}

export const httpChecks = defineChecks('http', [
  {
    id: 'http.mcp-method-required',
    title: 'a POST without the Mcp-Method header gets 400 and -32020',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    run: async (ctx) => {
      const { method } = await ctx.servedRequest();
      return expectHeaderMismatch(
        [{ label: `${method} without Mcp-Method`, send: request(ctx, method, {}, { headers: { [HEADERS.method]: undefined } }) }],
        'reject requests without Mcp-Method with HTTP 400 and -32020',
      );
    },
  },
  {
    id: 'http.mcp-method-mismatch',
    title: 'an Mcp-Method header that differs from the body method (also in case) gets 400 and -32020',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    run: async (ctx) => {
      const { method } = await ctx.servedRequest();
      const other = otherMethod(method);
      const upper = method.toUpperCase();
      return expectHeaderMismatch(
        [
          {
            label: `Mcp-Method: ${other} on a ${method} body`,
            send: request(ctx, method, {}, { headers: { [HEADERS.method]: other } }),
          },
          {
            label: `Mcp-Method: ${upper} (values are case-sensitive)`,
            send: request(ctx, method, {}, { headers: { [HEADERS.method]: upper } }),
          },
        ],
        'compare Mcp-Method with the body method exactly and answer a mismatch with HTTP 400 and -32020',
      );
    },
  },
  {
    id: 'http.header-names-case-insensitive',
    title: 'MCP header names are matched case-insensitively',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    async run(ctx) {
      const { method } = await ctx.servedRequest();
      const exchange = await ctx.client.request(
        method,
        {},
        {
          headers: {
            [HEADERS.method]: undefined,
            [HEADERS.protocolVersion]: undefined,
            'mcp-method': method,
            'MCP-PROTOCOL-VERSION': ctx.client.defaultMeta()['io.modelcontextprotocol/protocolVersion'] as string,
          },
        },
      );
      const judged = expectResult(exchange);
      const evidence = [evidenceOf(exchange, 'a normal result', 'headers named mcp-method and MCP-PROTOCOL-VERSION')];
      return judged.ok
        ? pass('lower- and upper-case header names were accepted', evidence)
        : violated(
            `header names differing only in case were refused: ${judged.seen}`,
            evidence,
            'compare HTTP header names case-insensitively',
          );
    },
  },
  {
    id: 'http.mcp-name-required',
    title: 'tools/call, resources/read and prompts/get need a matching Mcp-Name header',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    async run(ctx) {
      const targets = await namedRequests(ctx);
      if (targets.length === 0) return skip('no resource, prompt without required arguments, or callable tool to address');
      const probes = targets.flatMap(({ method, params, name }) => {
        const swapped = method === 'resources/read' ? undefined : swapCase(name);
        return [
          { label: `${method} ${name} without Mcp-Name`, send: request(ctx, method, params, { headers: { [HEADERS.name]: undefined } }) },
          {
            label: `${method} ${name} with Mcp-Name "mcpgate-mismatch"`,
            send: request(ctx, method, params, { headers: { [HEADERS.name]: 'mcpgate-mismatch' } }),
          },
          // Names are case-sensitive (two tools may differ only in case), so the comparison must be too.
          ...(swapped
            ? [
                {
                  label: `${method} ${name} with Mcp-Name "${swapped}" (values are case-sensitive)`,
                  send: request(ctx, method, params, { headers: { [HEADERS.name]: swapped } }),
                },
              ]
            : []),
        ];
      });
      return expectHeaderMismatch(
        probes,
        'require Mcp-Name equal to params.name (tools/call, prompts/get) or params.uri (resources/read), compared exactly, answering HTTP 400 and -32020 otherwise',
      );
    },
  },
  {
    id: 'http.mcp-name-base64',
    title: 'an Mcp-Name sent as =?base64?…?= is decoded before comparing',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    async run(ctx) {
      const target = (await namedRequests(ctx))[0];
      if (!target) return skip('no resource, prompt without required arguments, or callable tool to address');
      const encoded = `=?base64?${Buffer.from(target.name, 'utf8').toString('base64')}?=`;
      const exchange = await ctx.client.request(target.method, target.params, { headers: { [HEADERS.name]: encoded } });
      const evidence = [
        evidenceOf(exchange, 'the same answer as with a plain Mcp-Name (not -32020)', `${target.method} with Mcp-Name ${encoded}`),
      ];
      const judged = expectError(exchange, ErrorCode.HeaderMismatch);
      return judged.ok
        ? violated(
            `a base64-encoded Mcp-Name for "${target.name}" was refused with -32020`,
            evidence,
            'decode =?base64?…?= header values (UTF-8) before comparing them with the body',
          )
        : pass(`base64 Mcp-Name accepted: ${judged.seen}`, evidence);
    },
  },
  {
    id: 'http.protocol-version-header',
    title: 'a missing or mismatched MCP-Protocol-Version header gets 400 and -32020',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    async run(ctx) {
      const versions = Array.isArray(ctx.discover.result.supportedVersions) ? ctx.discover.result.supportedVersions : [];
      const { method } = await ctx.servedRequest();
      const probes: Probe[] = [
        {
          label: `${method} with MCP-Protocol-Version 2025-11-25 and _meta ${PROTOCOL_VERSION}`,
          send: request(ctx, method, {}, { headers: { [HEADERS.protocolVersion]: '2025-11-25' } }),
        },
        // The header and the body disagree before either is judged on its own: a server that checks
        // the body's version first answers -32022 for a request whose headers it should have refused.
        {
          label: `server/discover with MCP-Protocol-Version ${PROTOCOL_VERSION} and _meta ${UNSERVED_VERSION}`,
          send: request(ctx, 'server/discover', {}, { metaPatch: { [META.protocolVersion]: UNSERVED_VERSION } }),
        },
      ];
      // A server that also serves old clients may read a missing header as 2025-03-26.
      if (!versions.some((v) => (LEGACY_VERSIONS as readonly unknown[]).includes(v))) {
        probes.push({
          label: `${method} without an MCP-Protocol-Version header`,
          send: request(ctx, method, {}, { headers: { [HEADERS.protocolVersion]: undefined } }),
        });
      }
      return expectHeaderMismatch(
        probes,
        'require MCP-Protocol-Version and compare it with params._meta protocolVersion; answer a mismatch with HTTP 400 and -32020',
      );
    },
  },
  paramHeaderCheck,
  ...streamChecks,
  ...(['GET', 'DELETE'] as const).map((verb) => ({
    id: `http.${verb.toLowerCase()}-405`,
    title: `${verb} on the MCP endpoint gets 405`,
    level: 'SHOULD' as const,
    spec: SPEC,
    transports: HTTP_ONLY,
    async run(ctx: CheckContext) {
      const exchange = await ctx.client.raw('', {
        httpMethod: verb,
        headers: { Accept: 'application/json, text/event-stream' },
      });
      const evidence = [evidenceOf(exchange, 'HTTP 405 Method Not Allowed', verb)];
      return exchange.status === 405
        ? pass(`${verb}: HTTP 405`, evidence)
        : violated(
            `${verb} should get 405 (there is no GET stream and no session to delete in this revision); got ${exchange.status ?? exchange.error?.message}`,
            evidence,
            `answer ${verb} with 405 and Allow: POST`,
          );
    },
  })),
  {
    id: 'http.origin',
    title: 'a request with a foreign Origin gets 403',
    level: 'MUST',
    spec: `${SPEC}#security-warning`,
    transports: HTTP_ONLY,
    async run(ctx) {
      const { method } = await ctx.servedRequest();
      const exchange = await ctx.client.request(method, {}, { headers: { Origin: 'https://evil.example' } });
      const evidence = [evidenceOf(exchange, 'HTTP 403', `${method} with Origin: https://evil.example`)];
      return exchange.status === 403
        ? pass('foreign Origin: HTTP 403', evidence)
        : violated(
            `a request from Origin https://evil.example should get 403; got HTTP ${exchange.status ?? exchange.error?.message} (DNS rebinding protection)`,
            evidence,
            'validate the Origin header on every request and answer unknown origins with 403',
          );
    },
  },
  {
    id: 'http.content-type',
    title: 'responses to requests are application/json or text/event-stream',
    level: 'MUST',
    spec: SPEC,
    transports: HTTP_ONLY,
    phase: 'audit',
    async run(ctx) {
      const bad = ctx
        .allExchanges()
        .filter(
          (e) =>
            e.sent.awaitId !== undefined &&
            e.status !== undefined &&
            e.messages.length + e.unparsable.length > 0 &&
            e.contentType !== 'application/json' &&
            e.contentType !== 'text/event-stream',
        );
      if (bad.length > 0)
        return violated(
          `${bad.length} response(s) carried Content-Type ${[...new Set(bad.map((e) => e.contentType ?? 'none'))].join(', ')}`,
          bad.slice(0, 3).map((e) => evidenceOf(e, 'Content-Type application/json or text/event-stream', 'response')),
          'send JSON-RPC responses as application/json or text/event-stream',
        );
      return pass('every response body had a valid Content-Type');
    },
  },
  {
    id: 'http.no-session-id',
    title: 'the server never sends Mcp-Session-Id',
    level: 'SHOULD',
    spec: SPEC,
    transports: HTTP_ONLY,
    phase: 'audit',
    async run(ctx) {
      const withSession = ctx.allExchanges().filter((e) => e.headers['mcp-session-id'] !== undefined);
      if (withSession.length > 0)
        return violated(
          `${withSession.length} response(s) carried Mcp-Session-Id; 2026-07-28 is stateless`,
          withSession.slice(0, 2).map((e) => evidenceOf(e, 'no Mcp-Session-Id header', 'response')),
          'stop creating sessions; drop the Mcp-Session-Id header',
        );
      return pass('no response carried Mcp-Session-Id');
    },
  },
]);
