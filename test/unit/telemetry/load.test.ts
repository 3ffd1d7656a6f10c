/** Units of the load layer: durations, the top-level response judge, and answer comparison. */

import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/telemetry/load/duration.js';
import { judgeResponse } from '../../../src/telemetry/load/outcome.js';
import { judgeTopLevel, RepeatJudge, UNSURE } from '../../../src/telemetry/load/quick-judge.js';
import { buildRequestTemplate } from '../../../src/telemetry/load/request-template.js';
import { StatelessnessProbe } from '../../../src/telemetry/load/statelessness.js';

const bytes = (text: string): Uint8Array => Buffer.from(text, 'utf8');

describe('parseDuration', () => {
  it('reads ms, s, m and h', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('1m')).toBe(60_000);
    expect(parseDuration('1.5s')).toBe(1_500);
    expect(parseDuration('2h')).toBe(7_200_000);
  });
  it('refuses numbers without a unit, zero and words', () => {
    for (const text of ['10', '0s', 'ten seconds', '-1s', '']) expect(parseDuration(text)).toBeUndefined();
  });
});

describe('judgeTopLevel', () => {
  it('accepts a result for the id sent, whatever comes after', () => {
    expect(judgeTopLevel(bytes('{"jsonrpc":"2.0","id":42,"result":{"tools":[{"name":"x","id":7}]}}'), 42)).toBeUndefined();
    expect(judgeTopLevel(bytes(' { "result" : {"a":"}\\"{"} , "jsonrpc":"2.0", "id" : 42 }\n'), 42)).toBeUndefined();
  });
  it('names a wrong id or a result that is not an object', () => {
    expect(judgeTopLevel(bytes('{"jsonrpc":"2.0","id":41,"result":{}}'), 42)).toBe('bad-id');
    expect(judgeTopLevel(bytes('{"jsonrpc":"2.0","id":42,"result":[1]}'), 42)).toBe('not-result');
  });
  it('is unsure about errors, string ids, cut bodies and anything else unusual', () => {
    for (const text of [
      '{"jsonrpc":"2.0","id":42,"error":{"code":-32602}}',
      '{"id":"42","result":{}}',
      '{"id":42,"result":{"a":1}',
      '{"id":42,"result":{"a":"}"}',
      '{"id":42,"result":{}}{}',
      'null',
      '{"jsonrpc":"2.0","result":{}}',
    ]) {
      expect(judgeTopLevel(bytes(text), 42), text).toBe(UNSURE);
    }
  });
});

describe('RepeatJudge', () => {
  const answer = (id: number | string, tail = '{"tools":[{"name":"x"}]}'): Uint8Array =>
    bytes(`{"jsonrpc":"2.0","id":${id},"result":${tail}}`);

  it('judges an answer identical to the last result but for its id as that result, and anything else afresh', () => {
    const judge = new RepeatJudge();
    expect(judge.judge(answer(9), 9)).toBeUndefined();
    // The same answer to the next requests, their ids one digit longer and more.
    expect(judge.judge(answer(10), 10)).toBeUndefined();
    expect(judge.judge(answer(12345), 12345)).toBeUndefined();
    // The id of another request, of the same length: not the one sent.
    expect(judge.judge(answer(12), 11)).toBe('bad-id');
    expect(judge.judge(answer('"11"'), 11)).toBe(UNSURE);
    // The same length as the remembered answer, but cut and padded: the scan, not the memory, decides.
    expect(judge.judge(answer(13, '{"tools":[{"name":"x"}] '), 13)).toBe(UNSURE);
    expect(judge.judge(answer(14, '{"tools":[{"name":"y"}]}'), 14)).toBeUndefined();
    expect(judge.judge(answer(15, '[{"tools":{"name":"y"}}]'), 15)).toBe('not-result');
  });

  it('keeps its own copy of the remembered answer, whatever the caller does with the bytes', () => {
    const judge = new RepeatJudge();
    const first = Buffer.from(answer(21));
    expect(judge.judge(first, 21)).toBeUndefined();
    first.fill(0x20);
    expect(judge.judge(answer(22), 22)).toBeUndefined();
    expect(judge.judge(bytes(`{"jsonrpc":"2.0","id":23,"result":{"tools":[{"name":"x"}]}`.padEnd(answer(23).length)), 23)).toBe(UNSURE);
  });
});

describe('judgeResponse', () => {
  it('classifies errors by code, ids, and tool-reported failures', () => {
    expect(judgeResponse({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'x' } }, 3)).toBe('jsonrpc:-32602');
    expect(judgeResponse({ jsonrpc: '2.0', id: '3', result: {} }, 3)).toBe('bad-id');
    expect(judgeResponse({ jsonrpc: '2.0', id: 3, result: { content: [], isError: true } }, 3)).toBe('tool-error');
    expect(judgeResponse({ jsonrpc: '2.0', id: 3, result: { tools: [] } }, 3)).toBeUndefined();
  });
});

describe('buildRequestTemplate', () => {
  it('builds the wire layer request with a fresh id each time', async () => {
    const template = await buildRequestTemplate({ method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Zürich' } } });
    const body = JSON.parse(template.body(1234)) as {
      id: number;
      method: string;
      params: { name: string; _meta: Record<string, unknown> };
    };
    expect(body.id).toBe(1234);
    expect(body.method).toBe('tools/call');
    expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    expect(template.headers['Mcp-Method']).toBe('tools/call');
    expect(template.headers['Mcp-Name']).toBe('get_weather');
    expect(template.fixedBytes + 4).toBe(Buffer.byteLength(template.body(1234)));
  });
});

describe('StatelessnessProbe', () => {
  it('ignores _meta and key order, and reports where an instance departs', () => {
    const probe = new StatelessnessProbe(['a', 'b', 'c'], 'tools/call');
    probe.observe(0, { content: [{ type: 'text', text: 'hi' }], isError: false, _meta: { trace: 1 }, ttlMs: 5 });
    probe.observe(1, { isError: false, content: [{ text: 'hi', type: 'text', _meta: { at: 2 } }], ttlMs: 9 });
    probe.observe(2, { content: [{ type: 'text', text: 'hello' }], isError: false });
    const result = probe.result([
      { requests: 1, ok: 1 },
      { requests: 1, ok: 1 },
      { requests: 1, ok: 1 },
    ]);
    expect(result.divergent).toBe(true);
    expect(result.findings).toEqual([
      { instance: 3, endpoint: 'c', differing: 1, compared: 1, path: '$.content[0].text', expected: '"hi"', received: '"hello"' },
    ]);
  });
});
