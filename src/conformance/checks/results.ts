/** Audits over every result the server sent: resultType, caching fields, wire shapes, error codes. */

import type { Evidence } from '../../report/model.js';
import {
  CACHEABLE_METHODS,
  INPUT_REQUIRED_METHODS,
  KNOWN_RESULT_TYPES,
  REMOVED_ERROR_CODES,
  isReservedUndefinedCode,
} from '../../spec/protocol.js';
import { validateResult, validateServerMessage, type SchemaIssue } from '../../spec/validate.js';
import { formatValue } from '../arguments/formats.js';
import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import { classifyMessage } from '../../wire/jsonrpc.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { allServerMessages, auditedErrors, auditedResults } from './audit.js';

const MAX_EVIDENCE = 3;

/** Keywords about the form of one value, the only ones a server fails by echoing what it was sent. */
const VALUE_KEYWORDS = new Set(['format', 'pattern']);
const MAX_SENT_STRINGS = 200;

/** The strings a request carried in its arguments or uri, which a server may hand back as they were. */
function sentStrings(exchange: Exchange): string[] {
  let params: unknown;
  try {
    params = (JSON.parse(exchange.sent.body) as { params?: unknown }).params;
  } catch {
    return [];
  }
  const out: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (out.length >= MAX_SENT_STRINGS || depth > 8) return;
    if (typeof value === 'string' && value.length > 0) out.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (isRecord(value)) for (const item of Object.values(value)) visit(item, depth + 1);
  };
  if (isRecord(params)) {
    visit(params.arguments, 0);
    visit(params.uri, 0);
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
  }
  return node;
}

function isEchoOfSent(issue: SchemaIssue, result: Record<string, unknown>, exchange: Exchange): boolean {
  if (!VALUE_KEYWORDS.has(issue.keyword)) return false;
  const value = valueAt(result, issue.path);
  return typeof value === 'string' && sentStrings(exchange).some((sent) => value === sent || (sent.length >= 4 && value.includes(sent)));
}

function setAt(root: unknown, pointer: string, value: unknown): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop();
  const parent = valueAt(root, keys.length === 0 ? '' : `/${keys.join('/')}`);
  if (last !== undefined && (isRecord(parent) || Array.isArray(parent))) (parent as Record<string, unknown>)[last] = value;
}

/**
 * The schema issues of a result that are the server's own. An issue on a value mcpgate sent and the
 * server handed back is mcpgate's; so is what follows from it (a content entry whose uri fails
 * then fails every branch of its anyOf). So the result is judged again with each echoed value
 * replaced by a valid value of its format, and only what still fails counts.
 */
function serverIssues(method: string, result: Record<string, unknown>, exchange: Exchange): { issues: SchemaIssue[]; echoed: number } {
  const found = validateResult(method, result);
  const own = found.filter((issue) => isEchoOfSent(issue, result, exchange));
  if (own.length === 0) return { issues: found, echoed: 0 };
  const copy = structuredClone(result);
  for (const issue of own) {
    const format = /format "([^"]+)"/.exec(issue.message)?.[1];
    const standIn = format === undefined ? undefined : formatValue(format, 0, Number.MAX_SAFE_INTEGER, 0);
    if (standIn !== undefined) setAt(copy, issue.path, standIn);
  }
  const isOwn = (issue: SchemaIssue): boolean => own.some((o) => o.path === issue.path && o.keyword === issue.keyword);
  const issues = validateResult(method, copy).filter((issue) => !isOwn(issue));
  return { issues, echoed: found.length - issues.length };
}

export const resultChecks = defineChecks('results', [
  {
    id: 'result.result-type',
    title: 'every result carries a known resultType',
    level: 'MUST',
    spec: 'basic/index#resulttype',
    phase: 'audit',
    async run(ctx) {
      const results = auditedResults(ctx);
      if (results.length === 0) return skip('no results were received');
      const extensions = ctx.capabilities.extensions;
      const hasExtensions = isRecord(extensions) && Object.keys(extensions).length > 0;
      const unknown: Evidence[] = [];
      const absent: Evidence[] = [];
      let unknownCount = 0;
      let absentCount = 0;
      for (const { exchange, method, result } of results) {
        if (!('resultType' in result)) {
          absentCount++;
          if (absent.length < MAX_EVIDENCE) absent.push(evidenceOf(exchange, 'resultType "complete" or "input_required"', method));
        } else if (!(KNOWN_RESULT_TYPES as readonly unknown[]).includes(result.resultType) && !hasExtensions) {
          unknownCount++;
          if (unknown.length < MAX_EVIDENCE) unknown.push(evidenceOf(exchange, 'resultType "complete" or "input_required"', method));
        }
      }
      if (unknownCount > 0) {
        return violated(
          `${unknownCount} result(s) carry a resultType that is neither "complete" nor "input_required" and no advertised extension defines it`,
          unknown,
          'use resultType "complete" for final results',
        );
      }
      // "Treat an absent resultType as complete" is the client's rule for older servers; a server
      // that answered server/discover with 2026-07-28 MUST send it on every result (R1).
      if (absentCount > 0) {
        return violated(
          `${absentCount} of ${results.length} results have no resultType, which a 2026-07-28 server MUST send on every result`,
          absent,
          'add resultType: "complete" to every final result',
        );
      }
      return pass(`all ${results.length} results carry a known resultType`);
    },
  },
  {
    id: 'result.input-required-scope',
    title: 'only tools/call, resources/read and prompts/get return input_required',
    level: 'MUST',
    spec: 'basic/patterns/mrtr',
    phase: 'audit',
    async run(ctx) {
      const wrong = auditedResults(ctx).filter(
        ({ method, result }) => result.resultType === 'input_required' && !(INPUT_REQUIRED_METHODS as readonly string[]).includes(method),
      );
      if (wrong.length > 0) {
        return violated(
          `${wrong.map((w) => w.method).join(', ')} returned resultType "input_required"`,
          wrong.slice(0, MAX_EVIDENCE).map((w) => evidenceOf(w.exchange, 'resultType "complete"', w.method)),
        );
      }
      return pass('no method outside tools/call, resources/read and prompts/get returned input_required');
    },
  },
  {
    id: 'caching.ttl-scope',
    title: 'list results, resources/read and discover carry ttlMs (integer >= 0) and cacheScope',
    level: 'MUST',
    spec: 'server/utilities/caching',
    phase: 'audit',
    async run(ctx) {
      const cacheable = auditedResults(ctx).filter(
        ({ method, result }) =>
          (CACHEABLE_METHODS as readonly string[]).includes(method) && (result.resultType ?? 'complete') === 'complete',
      );
      if (cacheable.length === 0) return skip('no cacheable results were received');
      const bad: Evidence[] = [];
      const problems = new Set<string>();
      for (const { exchange, method, result } of cacheable) {
        const ttlOk = typeof result.ttlMs === 'number' && Number.isInteger(result.ttlMs) && result.ttlMs >= 0;
        const scopeOk = result.cacheScope === 'public' || result.cacheScope === 'private';
        if (ttlOk && scopeOk) continue;
        if (!ttlOk) problems.add(`${method} ttlMs ${JSON.stringify(result.ttlMs)}`);
        if (!scopeOk) problems.add(`${method} cacheScope ${JSON.stringify(result.cacheScope)}`);
        if (bad.length < MAX_EVIDENCE) bad.push(evidenceOf(exchange, 'ttlMs: an integer >= 0, cacheScope: "public" or "private"', method));
      }
      if (bad.length > 0) {
        return violated(
          `caching fields missing or invalid: ${[...problems].slice(0, 4).join('; ')} (undefined means absent)`,
          bad,
          'add ttlMs (integer milliseconds, 0 for no caching) and cacheScope ("public" or "private") to these results',
        );
      }
      const methods = [...new Set(cacheable.map((c) => c.method))];
      return pass(`${cacheable.length} cacheable results (${methods.join(', ')}) carry valid ttlMs and cacheScope`);
    },
  },
  {
    id: 'wire.schema-valid',
    title: 'every message the server sent matches the 2026-07-28 shapes',
    level: 'MUST',
    spec: 'basic/index#messages',
    phase: 'audit',
    async run(ctx) {
      const bad: Evidence[] = [];
      const problems: string[] = [];
      let checked = 0;
      let echoed = 0;
      for (const { exchange, method, result } of auditedResults(ctx)) {
        if (method === 'server/discover') continue; // judged by discover.result-shape
        checked++;
        // A value mcpgate made up and the server handed back (a placeholder in a resource_link uri) is mcpgate's, not the server's.
        const judged = serverIssues(method, result, exchange);
        echoed += judged.echoed;
        const issues = judged.issues;
        if (issues.length === 0) continue;
        problems.push(
          `${method}: ${issues
            .slice(0, 2)
            .map((i) => `${i.path || '(root)'} ${i.message}`)
            .join('; ')}`,
        );
        if (bad.length < MAX_EVIDENCE) bad.push(evidenceOf(exchange, `a ${method} result valid against the 2026-07-28 schema`, method));
      }
      for (const message of allServerMessages(ctx)) {
        checked++;
        const issues = validateServerMessage(message);
        if (issues.length === 0) continue;
        problems.push(
          `${classifyMessage(message)}: ${issues
            .slice(0, 2)
            .map((i) => `${i.path || '(root)'} ${i.message}`)
            .join('; ')}`,
        );
        if (bad.length < MAX_EVIDENCE)
          bad.push(valueEvidence('server message', message, 'a valid JSON-RPC 2.0 message of the 2026-07-28 schema'));
      }
      const mine = echoed > 0 ? `; ${echoed} issue(s) on values mcpgate sent itself and the server echoed were not held against it` : '';
      if (problems.length > 0)
        return violated(`${problems.length} message(s) do not match the schema: ${problems.slice(0, 3).join(' | ')}${mine}`, bad);
      return pass(
        `${checked} messages match the schema (resultType, ttlMs and cacheScope are judged by result.result-type and caching.ttl-scope)${mine}`,
      );
    },
  },
  {
    id: 'errors.renumbered-codes',
    title: 'errors use the 2026-07-28 codes, never the removed -32001..-32004, -32042 or the reserved range',
    level: 'MUST',
    spec: 'basic/index#error-codes',
    phase: 'audit',
    async run(ctx) {
      const errors = auditedErrors(ctx);
      const offenders = errors.filter(
        ({ error }) => typeof error.code === 'number' && (error.code in REMOVED_ERROR_CODES || isReservedUndefinedCode(error.code)),
      );
      if (offenders.length > 0) {
        const codes = [...new Set(offenders.map((o) => o.error.code))];
        const why = codes
          .map((c) => `${c}${REMOVED_ERROR_CODES[c] ? ` (${REMOVED_ERROR_CODES[c]})` : ' (reserved, undefined)'}`)
          .join(', ');
        return violated(
          `the server answered with removed or reserved error codes: ${why}`,
          offenders
            .slice(0, MAX_EVIDENCE)
            .map((o) =>
              evidenceOf(
                o.exchange,
                'one of -32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022, or an application code outside -32768..-32000',
                o.method,
              ),
            ),
          'use -32602 for a missing resource and -32020/-32021/-32022 for header, capability and version errors',
        );
      }
      return pass(`${errors.length} error responses use current codes`);
    },
  },
  {
    id: 'errors.implementation-defined-range',
    title: 'errors avoid the legacy implementation-defined range -32000..-32019',
    level: 'SHOULD',
    spec: 'basic/index#error-codes',
    phase: 'audit',
    async run(ctx) {
      // Removed codes in this range (-32001..-32004) are errors.renumbered-codes' finding, not a second one here.
      const offenders = auditedErrors(ctx).filter(
        ({ error }) =>
          typeof error.code === 'number' && error.code <= -32000 && error.code >= -32019 && !(error.code in REMOVED_ERROR_CODES),
      );
      if (offenders.length > 0) {
        const codes = [...new Set(offenders.map((o) => o.error.code))].join(', ');
        return violated(
          `${offenders.length} error response(s) use code(s) ${codes} from the legacy implementation-defined range`,
          offenders
            .slice(0, MAX_EVIDENCE)
            .map((o) =>
              evidenceOf(
                o.exchange,
                'a code defined by the revision (-32600 for a refused request), or an application code outside -32768..-32000',
                o.method ?? o.exchange.sent.httpMethod ?? 'request',
              ),
            ),
          'use the codes the revision defines, or application codes outside -32768..-32000',
        );
      }
      return pass('no error uses the -32000..-32019 range');
    },
  },
]);
