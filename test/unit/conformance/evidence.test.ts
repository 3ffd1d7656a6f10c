/** Evidence of an exchange whose body was let go after its check: the same evidence, from less text. */

import { describe, expect, it } from 'vitest';
import { evidenceOf, keepWhatEvidenceShows } from '../../../src/conformance/evidence.js';
import { startExchange, type Exchange } from '../../../src/wire/exchange.js';

function exchange(transport: 'http' | 'stdio', bodyText: string, extra: Partial<Exchange> = {}): Exchange {
  const started = startExchange(transport, transport === 'http' ? 'http://127.0.0.1:1/mcp' : 'node server.js', {
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    awaitId: 1,
  }).exchange;
  return Object.assign(started, { bodyText }, extra);
}

const page = (tools: number): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { tools: Array.from({ length: tools }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } })) },
  });

describe('keepWhatEvidenceShows', () => {
  const cases: Array<[string, Exchange]> = [
    ['an HTTP page of 500 tools', exchange('http', page(500), { status: 200, headers: { 'content-type': 'application/json' } })],
    ['a body with whitespace around it', exchange('http', `\n\n   ${page(300)}   \n`, { status: 200, headers: {} })],
    ['a body whose start is a long run of spaces', exchange('http', `x${' '.repeat(3000)}y`, { status: 500, headers: {} })],
    [
      'a challenge header longer than any excerpt',
      exchange('http', page(100), { status: 401, headers: { 'www-authenticate': `Bearer ${'a'.repeat(900)}` } }),
    ],
    ['stdio lines without a response', exchange('stdio', `${'noise '.repeat(800)}\n`)],
  ];

  it.each(cases)('%s: the body is cut to its start, and its evidence is what it was', (_, whole) => {
    const before = evidenceOf(whole, 'expected', 'label');
    const length = whole.bodyText.length;
    keepWhatEvidenceShows(whole);
    expect(whole.bodyText.length).toBeLessThan(length);
    expect(whole.bodyText.length).toBeLessThanOrEqual(1400);
    expect(evidenceOf(whole, 'expected', 'label')).toEqual(before);
    keepWhatEvidenceShows(whole);
    expect(evidenceOf(whole, 'expected', 'label')).toEqual(before);
  });

  it('leaves a body that fits the excerpt as it was, whitespace included', () => {
    const short = exchange('http', '  {"jsonrpc":"2.0","id":1,"result":{}}\n', { status: 200, headers: {} });
    keepWhatEvidenceShows(short);
    expect(short.bodyText).toBe('  {"jsonrpc":"2.0","id":1,"result":{}}\n');
    expect(short.bodyCut).toBeUndefined();
  });
});
