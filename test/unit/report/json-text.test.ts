/**
 * jsonTextParts writes a report in parts so that no string holds it whole: the parts must join into
 * exactly the text jsonText wrote as one string (JSON.stringify of the well-formed copy, hidden
 * characters escaped), whatever the value holds.
 */

import { describe, expect, it } from 'vitest';
import { jsonText, jsonTextParts, wellFormedDeep } from '../../../src/report/json-text.js';
import { replaceHidden } from '../../../src/report/terminal-escape.js';

/** The text as jsonText made it before it was written in parts: one JSON.stringify of the whole value. */
function wholeText(value: unknown, indent = 2): string {
  const units = (c: string): string =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return replaceHidden(JSON.stringify(wellFormedDeep(value), null, indent), (c, codePoint) => (codePoint < 0x20 ? c : units(c)));
}

const sample = (index: number): Record<string, unknown> => ({
  index,
  status: index % 2 === 0 ? 'pass' : 'fail',
  calls: [{ name: 'get_weather', arguments: { city: 'Paris', nested: { deeper: [1, [2, [3, {}]]] } }, result: 'line 1\nline 2' }],
  empty: [],
  none: {},
  skipped: undefined,
});

const VALUES: Record<string, unknown> = {
  'a report-like value (cases of samples, deeper than the split)': {
    schemaVersion: '1.9',
    eval: { cases: [0, 1, 2].map((i) => ({ id: `case-${i}`, trajectories: [sample(i), sample(i + 1)] })), matrix: { rows: [] } },
    checks: [],
  },
  'empty objects and arrays at every depth': { a: {}, b: [], c: [{}, [], { d: [] }], e: [[[[]]]] },
  'members JSON leaves out, array items it writes as null': {
    gone: undefined,
    fn: () => 1,
    sym: Symbol('s'),
    list: [undefined, () => 1, Symbol('t'), 1],
    onlyGone: { x: undefined },
  },
  'values with their own JSON form': { date: new Date(0), custom: { toJSON: () => ({ shown: true }) }, map: new Map([[1, 2]]) },
  'an object without a prototype': { bare: Object.assign(Object.create(null) as object, { k: 'v', n: { m: 1 } }) },
  'hidden characters, controls and lone surrogates, in values and keys': {
    'bidi\u202e': 'tag \u{e0041} c1 \u0085 del \u007f nl \n tab \t',
    lone: 'x\ud800y',
    ['k\udc00']: 1,
    ['k\udbff']: 2,
    astral: '\u{1f600}',
  },
  'a __proto__ key read from JSON': JSON.parse('{"a":1,"__proto__":{"b":2},"c":{"__proto__":3,"d":4}}') as unknown,
  'integer-like keys': { b: 1, 2: 'two', a: { 10: 'ten', 1: 'one' } },
  'numbers JSON cannot write': { nan: Number.NaN, inf: [Infinity, -Infinity], neg: -0 },
  'a top-level array': [1, 'two', { three: [3] }, null],
  'a top-level string': 'just text \u200b',
  'a top-level number': 42,
  null: null,
};

describe('jsonTextParts', () => {
  for (const [name, value] of Object.entries(VALUES)) {
    it(`joins into the whole text: ${name}`, () => {
      for (const indent of [2, 4, 0]) {
        expect([...jsonTextParts(value, indent)].join('')).toBe(wholeText(value, indent));
        expect(jsonText(value, indent)).toBe(wholeText(value, indent));
      }
    });
  }

  it('gives a large array one part per element at least: no part holds two cases', () => {
    const cases = Array.from({ length: 200 }, (_, i) => ({ id: `case-${i}`, trajectories: [sample(i)] }));
    const parts = [...jsonTextParts({ eval: { cases } })];
    expect(parts.join('')).toBe(wholeText({ eval: { cases } }));
    expect(parts.length).toBeGreaterThan(cases.length);
    expect(parts.filter((part) => /"case-\d+"[\s\S]*"case-\d+"/.test(part))).toEqual([]);
  });
});
