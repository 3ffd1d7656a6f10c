/**
 * The pure parts of the layer 0 probes added for servers of other shapes: which capability sets an
 * MRTR subject is re-issued with, how Mcp-Param headers are declared and written, how a resource
 * template is read and expanded, how a name's case is swapped, and how mcpgate's own limits turn a
 * verdict into a warning.
 */

import { describe, expect, it } from 'vitest';
import { withinLimits } from '../../../src/conformance/limits.js';
import { verdictFor } from '../../../src/conformance/verdict.js';
import { summarizeChecks } from '../../../src/conformance/summary.js';
import type { CheckResult } from '../../../src/report/model.js';
import { narrowerCapabilities } from '../../../src/conformance/checks/mrtr.js';
import { swapCase } from '../../../src/conformance/checks/http.js';
import { expandTemplate, matchTemplate, templateVariables } from '../../../src/conformance/uri-template.js';
import { paramHeaderText, paramHeaderValues, paramHeadersOf } from '../../../src/spec/param-headers.js';
import { WireError } from '../../../src/wire/errors.js';
import type { Exchange } from '../../../src/wire/exchange.js';
import { HTTP_TARGET, makeCheck, makeReport } from '../../helpers/report-factory.js';

const request = (method: string, params: Record<string, unknown> = {}) => ({ method, params });

describe('narrowerCapabilities: each asked kind removed in turn', () => {
  it.each([
    [
      'sampling only',
      { sampling: request('sampling/createMessage', { messages: [], maxTokens: 1 }) },
      [{}, { elicitation: { form: {}, url: {} }, roots: {} }],
    ],
    [
      'form elicitation',
      { form: request('elicitation/create', { mode: 'form', message: 'm', requestedSchema: {} }) },
      [{}, { sampling: { tools: {} }, roots: {} }, { elicitation: { url: {} }, sampling: { tools: {} }, roots: {} }],
    ],
    [
      'URL elicitation and roots',
      { consent: request('elicitation/create', { mode: 'url', message: 'm', url: 'https://x' }), roots: request('roots/list') },
      [
        {},
        { sampling: { tools: {} }, roots: {} },
        { elicitation: { form: {}, url: {} }, sampling: { tools: {} } },
        { elicitation: {}, sampling: { tools: {} }, roots: {} },
      ],
    ],
    [
      'sampling with tools',
      { plan: request('sampling/createMessage', { messages: [], maxTokens: 1, tools: [] }) },
      [{}, { elicitation: { form: {}, url: {} }, roots: {} }, { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }],
    ],
  ])('%s', (_, inputRequests, expected) => {
    expect(narrowerCapabilities({ resultType: 'input_required', inputRequests })).toEqual(expected);
  });

  it('a state-only answer is re-issued with no capabilities only', () => {
    expect(narrowerCapabilities({ resultType: 'input_required', requestState: 's' })).toEqual([{}]);
  });
});

describe('Mcp-Param headers', () => {
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string', 'x-mcp-header': 'City' },
      days: { type: 'integer', 'x-mcp-header': 'Days' },
      filter: { type: 'object', properties: { urgent: { type: 'boolean', 'x-mcp-header': 'Urgent' } } },
      note: { type: 'string' },
    },
  };

  it('finds every declaration reached through properties', () => {
    expect(paramHeadersOf(schema)).toEqual([
      { header: 'City', path: ['city'] },
      { header: 'Days', path: ['days'] },
      { header: 'Urgent', path: ['filter', 'urgent'] },
    ]);
  });

  it.each([
    ['a number property', { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } }],
    ['a name that is no HTTP token', { type: 'object', properties: { n: { type: 'string', 'x-mcp-header': 'Bad Name' } } }],
    [
      'a name repeated in another case',
      { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } } },
    ],
  ])('declares none for a schema with %s (conforming clients drop such a tool)', (_, bad) => {
    expect(paramHeadersOf(bad)).toEqual([]);
  });

  it('writes values as clients do: plain ASCII as is, the rest base64, integers and booleans as text, nothing for absent or null', () => {
    expect(paramHeaderText('Paris')).toBe('Paris');
    expect(paramHeaderText('São Paulo')).toBe(`=?base64?${Buffer.from('São Paulo').toString('base64')}?=`);
    expect(paramHeaderText(' padded')).toMatch(/^=\?base64\?/);
    expect(paramHeaderText(42)).toBe('42');
    expect(paramHeaderText(1.5)).toBeUndefined();
    expect(paramHeaderText(false)).toBe('false');
    expect(paramHeaderText(null)).toBeUndefined();
    expect(paramHeaderValues(paramHeadersOf(schema), { city: 'Oslo', filter: { urgent: true } })).toEqual({
      'Mcp-Param-City': 'Oslo',
      'Mcp-Param-Urgent': 'true',
    });
  });
});

describe('resource templates', () => {
  it('names the variables of every expression kind', () => {
    expect(templateVariables('notes://{folder}/{id}{?lang,format}')).toEqual(['folder', 'id', 'lang', 'format']);
    expect(templateVariables('x://{+path}{#frag}')).toEqual(['path', 'frag']);
    expect(templateVariables('x://{a b}')).toBeUndefined();
    expect(templateVariables(`x://${'{a}'.repeat(40)}`)).toBeUndefined();
  });

  it('expands with percent-encoding, reserved characters kept only for + and #', () => {
    expect(expandTemplate('notes://{id}', { id: 'a b/c' })).toBe('notes://a%20b%2Fc');
    expect(expandTemplate('files://{+path}', { path: 'a/b c' })).toBe('files://a/b%20c');
    expect(expandTemplate('q://x{?lang,format}', { lang: 'en' })).toBe('q://x?lang=en');
  });

  it('reads the values of a listed URI back from a simple template, and refuses what it cannot match', () => {
    expect(matchTemplate('invoice://{id}', 'invoice://INV-1001')).toEqual({ id: 'INV-1001' });
    expect(matchTemplate('notes://{folder}/{id}', 'notes://work/7')).toEqual({ folder: 'work', id: '7' });
    expect(matchTemplate('invoice://{id}', 'docs://faq')).toBeUndefined();
    expect(matchTemplate('x://{a}{b}', 'x://ab')).toBeUndefined();
    expect(matchTemplate('q://x{?lang}', 'q://x?lang=en')).toBeUndefined();
  });
});

describe('swapCase', () => {
  it('swaps every cased letter, and says when there is none', () => {
    expect(swapCase('get_Weather')).toBe('GET_wEATHER');
    expect(swapCase('1234_-')).toBeUndefined();
  });
});

describe("mcpgate's own limits are never the server's failure", () => {
  const exchange = (error?: WireError, answered = false): Exchange =>
    ({ error, response: answered ? { jsonrpc: '2.0', id: 1, result: {} } : undefined }) as unknown as Exchange;
  const violated = { status: 'violated' as const, message: 'expected -32602; got nothing', evidence: [] };

  it('a violation seen with a timed-out exchange becomes a warning naming the limit', () => {
    const outcome = withinLimits(violated, [exchange(new WireError('timeout', 'no response within 10 ms (raise --timeout)'))]);
    expect(outcome.status).toBe('warn');
    expect(outcome.message).toMatch(/^inconclusive: one of mcpgate's limits was met.*raise --timeout.*expected -32602/);
  });

  it('a response over the size cap counts too; a refused connection does not', () => {
    expect(withinLimits(violated, [exchange(new WireError('too-large', 'over --max-response-bytes'))]).status).toBe('warn');
    expect(withinLimits(violated, [exchange(new WireError('unreachable', 'refused'))]).status).toBe('violated');
  });

  it('passes and skips stand, and so does a violation without any limit met', () => {
    const passed = { status: 'pass' as const, message: 'ok', evidence: [] };
    expect(withinLimits(passed, [exchange(new WireError('timeout', 't'))])).toBe(passed);
    expect(withinLimits(violated, [exchange(undefined, true)])).toBe(violated);
  });
});

describe('a MUST check left inconclusive by a limit makes the run inconclusive, never green', () => {
  /** A check of the registry that met a limit (a warning naming it, as withinLimits leaves it), or passed. */
  const result = (id: string, limit?: string): CheckResult =>
    makeCheck({ id, status: limit ? 'warn' : 'pass', ...(limit ? { limit } : {}) });
  const verdictOf = (results: CheckResult[]) => verdictFor(HTTP_TARGET, results, summarizeChecks(results, undefined));

  it('exit 5, naming the check and the flags', () => {
    const results = [result('tools.list-static', 'no response within 10000 ms'), result('tools.names')];
    expect(results.map((r) => r.level)).toEqual(['MUST', 'SHOULD']);
    const verdict = verdictOf(results);
    expect(verdict.exitCode).toBe(5);
    expect(verdict.reason).toMatch(/^inconclusive: 1 MUST check\(s\) met one of mcpgate's limits \(tools\.list-static\); raise --timeout/);
    // A run could write these results: the report invariants accept them with this verdict.
    expect(() => makeReport(results, { verdict })).not.toThrow();
  });

  it('a SHOULD check at a limit stays a warning', () => {
    expect(verdictOf([result('tools.names', 'no response within 10000 ms')]).exitCode).toBe(0);
  });
});
