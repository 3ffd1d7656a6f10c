import { describe, it, expect } from 'vitest';
import {
  matchArgument,
  normalizeText,
  scoreArguments,
  scoreSample,
  scoreSequence,
  semanticOverlap,
  type ArgIssue,
} from '../../../src/behavior/scorers/index.js';
import type { ArgExpectation, GoldenCase } from '../../../src/behavior/types.js';

function golden(overrides: Partial<GoldenCase>): GoldenCase {
  return {
    id: 'case',
    turns: ['prompt'],
    expect: { kind: 'tool', tool: 'get_weather' },
    expectArgs: {},
    forbidTools: [],
    kind: 'soft',
    tags: [],
    source: 'tasks.yaml:1',
    ...overrides,
  };
}

const call = (name: string, args: Record<string, unknown> = {}) => ({ name, arguments: args });

describe('matchArgument', () => {
  const cases: Array<[string, ArgExpectation, unknown, ReturnType<typeof matchArgument>]> = [
    ['exact: same value', { mode: 'exact', value: 'CUS-001' }, 'CUS-001', { ok: true }],
    ['exact: other value', { mode: 'exact', value: 'CUS-001' }, 'CUS-002', { ok: false, kind: 'wrong_value' }],
    ['exact: case matters', { mode: 'exact', value: 'Paris' }, 'paris', { ok: false, kind: 'wrong_value' }],
    ['exact: 3 vs "3" is a type error', { mode: 'exact', value: 3 }, '3', { ok: false, kind: 'wrong_type' }],
    ['exact: null vs object is a type error', { mode: 'exact', value: { a: 1 } }, null, { ok: false, kind: 'wrong_type' }],
    ['exact: deep, key order free', { mode: 'exact', value: { from: 'a', to: 'b' } }, { to: 'b', from: 'a' }, { ok: true }],
    [
      'exact: deep difference',
      { mode: 'exact', value: { from: 'a', to: 'b' } },
      { from: 'a', to: 'c' },
      { ok: false, kind: 'wrong_value' },
    ],
    ['exact: extra nested key', { mode: 'exact', value: { from: 'a' } }, { from: 'a', to: 'b' }, { ok: false, kind: 'wrong_value' }],
    ['exact: arrays keep order', { mode: 'exact', value: [1, 2] }, [2, 1], { ok: false, kind: 'wrong_value' }],
    ['normalized: case, spaces, punctuation', { mode: 'normalized', value: 'New York' }, '  new-york. ', { ok: true }],
    ['normalized: full-width forms (NFKC)', { mode: 'normalized', value: 'Tokyo' }, 'Ｔｏｋｙｏ', { ok: true }],
    ['normalized: case folding ß', { mode: 'normalized', value: 'Straße' }, 'STRASSE', { ok: true }],
    ['normalized: extra words still differ', { mode: 'normalized', value: 'Paris' }, 'paris, fr', { ok: false, kind: 'wrong_value' }],
    ['normalized: numbers numerically', { mode: 'normalized', value: 7 }, 7.0, { ok: true }],
    ['normalized: string vs number', { mode: 'normalized', value: '7' }, 7, { ok: false, kind: 'wrong_type' }],
    ['normalized: inside objects', { mode: 'normalized', value: { city: 'Paris' } }, { city: 'PARIS' }, { ok: true }],
    ['one_of: any value, normalized', { mode: 'one_of', values: ['São Paulo', 'Sao Paulo'] }, 'sao paulo', { ok: true }],
    ['one_of: none matches', { mode: 'one_of', values: ['celsius', 'fahrenheit'] }, 'kelvin', { ok: false, kind: 'wrong_value' }],
    ['one_of: numbers', { mode: 'one_of', values: [1, 2] }, 2, { ok: true }],
    ['one_of: no value of that type', { mode: 'one_of', values: [1, 2] }, '2', { ok: false, kind: 'wrong_type' }],
    ['numeric: within tolerance', { mode: 'numeric', value: 99.9, tolerance: 0.01 }, 99.905, { ok: true }],
    ['numeric: outside tolerance', { mode: 'numeric', value: 99.9, tolerance: 0.01 }, 99.95, { ok: false, kind: 'wrong_value' }],
    ['numeric: default tolerance 0', { mode: 'numeric', value: 5 }, 6, { ok: false, kind: 'wrong_value' }],
    ['numeric: binary rounding is not a miss', { mode: 'numeric', value: 0.3 }, 0.1 + 0.2, { ok: true }],
    ['numeric: numeric string is a type error', { mode: 'numeric', value: 250 }, '250', { ok: false, kind: 'wrong_type' }],
    ['numeric: NaN is a type error', { mode: 'numeric', value: 250 }, Number.NaN, { ok: false, kind: 'wrong_type' }],
    ['regex: matches', { mode: 'regex', pattern: '^INV-\\d{4}$' }, 'INV-1003', { ok: true }],
    ['regex: unanchored search', { mode: 'regex', pattern: '[Ii]nvoice' }, 'Your invoice is overdue', { ok: true }],
    ['regex: no match', { mode: 'regex', pattern: '^INV-\\d{4}$' }, 'INV-13', { ok: false, kind: 'wrong_value' }],
    ['regex: non-string', { mode: 'regex', pattern: '^\\d+$' }, 42, { ok: false, kind: 'wrong_type' }],
    [
      'semantic: content words contained',
      { mode: 'semantic', value: 'invoice INV-1003 is overdue' },
      'Friendly reminder: INV-1003 (invoice) is now overdue.',
      { ok: true },
    ],
    ['semantic: plural folding', { mode: 'semantic', value: 'May support retainer' }, 'Support retainers for May 2026', { ok: true }],
    [
      'semantic: too few words',
      { mode: 'semantic', value: 'invoice INV-1003 is overdue' },
      'Hello there, how are you?',
      { ok: false, kind: 'wrong_value' },
    ],
    ['semantic: non-string', { mode: 'semantic', value: 'overdue' }, ['overdue'], { ok: false, kind: 'wrong_type' }],
    ['ignore: anything', { mode: 'ignore' }, { whatever: true }, { ok: true }],
    ['ignore: even absent', { mode: 'ignore' }, undefined, { ok: true }],
  ];
  it.each(cases)('%s', (_name, expectation, actual, expected) => {
    expect(matchArgument(expectation, actual)).toEqual(expected);
  });

  it('semantic passes at 60% of the expected content words and fails below', () => {
    // Content words: invoice, inv, 1003, overdue, reminder (5); 3 of 5 = 0.6, 2 of 5 = 0.4.
    const value = 'reminder: invoice INV-1003 is overdue';
    expect(semanticOverlap(value, 'INV 1003 is overdue')).toBeCloseTo(0.6);
    expect(matchArgument({ mode: 'semantic', value }, 'INV 1003 is overdue').ok).toBe(true);
    expect(matchArgument({ mode: 'semantic', value }, 'about 1003, overdue?').ok).toBe(false);
  });

  it('normalizes text as documented', () => {
    expect(normalizeText('  São   Paulo!! ')).toBe('são paulo');
    expect(normalizeText('ＡＢＣ—def')).toBe('abc def');
  });
});

describe('scoreArguments', () => {
  const expected: Record<string, ArgExpectation> = {
    city: { mode: 'normalized', value: 'Paris' },
    days: { mode: 'numeric', value: 3 },
    units: { mode: 'ignore' },
    to: { mode: 'one_of', values: ['EUR', 'GBP'] },
  };

  it('passes when every argument matches; ignore may be absent', () => {
    expect(scoreArguments(expected, { city: 'paris', days: 3, to: 'eur' })).toEqual({ ok: true, issues: [] });
  });

  it('types each problem', () => {
    const score = scoreArguments(expected, { city: 'paris, fr', days: '3', limit: 5 });
    expect(score.ok).toBe(false);
    expect(score.issues).toEqual<ArgIssue[]>([
      { argument: 'city', kind: 'wrong_value', mode: 'normalized', expected: 'Paris', actual: 'paris, fr' },
      { argument: 'days', kind: 'wrong_type', mode: 'numeric', expected: 3, actual: '3' },
      { argument: 'to', kind: 'missing', mode: 'one_of', expected: ['EUR', 'GBP'] },
      { argument: 'limit', kind: 'unexpected', actual: 5 },
    ]);
  });

  it('reports unexpected arguments without failing', () => {
    const score = scoreArguments({ city: { mode: 'exact', value: 'Paris' } }, { city: 'Paris', units: 'celsius' });
    expect(score).toEqual({ ok: true, issues: [{ argument: 'units', kind: 'unexpected', actual: 'celsius' }] });
  });

  it('counts an undefined argument as missing', () => {
    const score = scoreArguments({ city: { mode: 'exact', value: 'Paris' } }, { city: undefined });
    expect(score.issues.map((issue) => issue.kind)).toEqual(['missing']);
  });
});

describe('scoreSequence', () => {
  it('is ok only for the exact sequence', () => {
    expect(scoreSequence(['a', 'b'], ['a', 'b'])).toEqual({ ok: true, missing: [], extra: [], outOfOrder: false });
  });

  it('reports the same calls in another order as out of order', () => {
    expect(scoreSequence(['a', 'b', 'c'], ['b', 'a', 'c'])).toEqual({ ok: false, missing: [], extra: [], outOfOrder: true });
  });

  it('reports missing and extra calls as multisets', () => {
    expect(scoreSequence(['a', 'b', 'b'], ['a', 'b', 'x'])).toEqual({ ok: false, missing: ['b'], extra: ['x'], outOfOrder: false });
    expect(scoreSequence(['a', 'b'], ['a', 'a', 'b'])).toEqual({ ok: false, missing: [], extra: ['a'], outOfOrder: false });
  });

  it('an interleaved extra call is not an ordering problem', () => {
    expect(scoreSequence(['a', 'b'], ['a', 'x', 'b'])).toEqual({ ok: false, missing: [], extra: ['x'], outOfOrder: false });
  });

  it('combines out of order with a missing call', () => {
    expect(scoreSequence(['a', 'b', 'c'], ['c', 'a'])).toEqual({ ok: false, missing: ['b'], extra: [], outOfOrder: true });
  });

  it('nothing called misses everything', () => {
    expect(scoreSequence(['a', 'b'], [])).toEqual({ ok: false, missing: ['a', 'b'], extra: [], outOfOrder: false });
  });
});

describe('scoreSample', () => {
  const weather = golden({
    expectArgs: { city: { mode: 'normalized', value: 'Paris' } },
    forbidTools: ['delete_invoice'],
  });

  it('passes the right tool with the right arguments', () => {
    expect(scoreSample(weather, [call('get_weather', { city: 'paris' })])).toEqual({
      selection: 'correct',
      overActivated: false,
      args: { ok: true, issues: [] },
      forbidden: [],
      passed: true,
      reasons: [],
    });
  });

  it('fails a wrong tool and says which', () => {
    const score = scoreSample(weather, [call('get_forecast', { city: 'Paris' })]);
    expect(score).toMatchObject({ selection: 'wrong', passed: false, reasons: ['called get_forecast, expected get_weather'] });
    expect(score.args).toBeUndefined();
  });

  it('judges selection by the first call only', () => {
    expect(scoreSample(weather, [call('get_forecast'), call('get_weather', { city: 'Paris' })]).selection).toBe('wrong');
  });

  it('fails when no tool is called', () => {
    expect(scoreSample(weather, [])).toMatchObject({ selection: 'none', passed: false, reasons: ['called no tool, expected get_weather'] });
  });

  it("adds the model's own account of a missing argument to its reason, and only to a missing one", () => {
    const hint = (tool: string, argument: string) => `${tool} ${argument}: quote it`;
    const missing = scoreSample(weather, [call('get_weather', {})], hint);
    expect(missing.reasons).toEqual(['argument city: missing, expected "Paris" (normalized); get_weather city: quote it']);
    expect(scoreSample(weather, [call('get_weather', { city: 'Rome' })], hint).reasons).toEqual([
      'argument city: expected "Paris" (normalized), got "Rome"',
    ]);
    expect(scoreSample(weather, [call('get_weather', {})]).reasons).toEqual(['argument city: missing, expected "Paris" (normalized)']);
  });

  it('fails wrong arguments with a readable reason', () => {
    const score = scoreSample(weather, [call('get_weather', { city: 'paris, fr' })]);
    expect(score.passed).toBe(false);
    expect(score.reasons).toEqual(['argument city: expected "Paris" (normalized), got "paris, fr"']);
  });

  it('lists later calls but lets them pass unless forbidden', () => {
    const allowed = scoreSample(weather, [call('get_weather', { city: 'Paris' }), call('get_forecast', { city: 'Paris' })]);
    expect(allowed).toMatchObject({ passed: true, reasons: ['then also called get_forecast (allowed)'] });
    const forbidden = scoreSample(weather, [
      call('get_weather', { city: 'Paris' }),
      call('delete_invoice', {}),
      call('delete_invoice', {}),
    ]);
    expect(forbidden).toMatchObject({ passed: false, forbidden: ['delete_invoice'], reasons: ['called forbidden tool delete_invoice'] });
  });

  it('negative case: passes with no call, over-activates with any', () => {
    const negative = golden({ expect: { kind: 'none' }, forbidTools: ['convert_currency'] });
    expect(scoreSample(negative, [])).toEqual({
      selection: 'not_applicable',
      overActivated: false,
      forbidden: [],
      passed: true,
      reasons: [],
    });
    expect(scoreSample(negative, [call('get_weather')])).toMatchObject({
      overActivated: true,
      passed: false,
      reasons: ['called get_weather although no tool fits this request'],
    });
    expect(scoreSample(negative, [call('convert_currency')]).forbidden).toEqual(['convert_currency']);
  });

  describe('sequence cases', () => {
    const sequence = golden({
      expect: { kind: 'sequence', tools: ['lookup_customer', 'search_invoices'] },
      expectArgs: { email: { mode: 'exact', value: 'finance@nordlicht.example' } },
    });

    it('passes the sequence in order, checking the first call arguments', () => {
      const score = scoreSample(sequence, [
        call('lookup_customer', { email: 'finance@nordlicht.example' }),
        call('search_invoices', { customer_id: 'CUS-003' }),
      ]);
      expect(score).toMatchObject({ selection: 'correct', passed: true, args: { ok: true }, sequence: { ok: true } });
    });

    it('fails a swapped order', () => {
      const score = scoreSample(sequence, [call('search_invoices'), call('lookup_customer', { email: 'finance@nordlicht.example' })]);
      expect(score).toMatchObject({ selection: 'wrong', passed: false, sequence: { outOfOrder: true } });
      expect(score.reasons).toEqual(['called search_invoices → lookup_customer, expected the order lookup_customer → search_invoices']);
    });

    it('fails a missing step even when the first call is right', () => {
      const score = scoreSample(sequence, [call('lookup_customer', { email: 'finance@nordlicht.example' })]);
      expect(score).toMatchObject({ selection: 'correct', passed: false, sequence: { missing: ['search_invoices'] } });
      expect(score.reasons).toEqual(['did not call search_invoices']);
    });

    it('fails an extra step and wrong first-call arguments', () => {
      const score = scoreSample(sequence, [call('lookup_customer', { email: 'x@y.example' }), call('search_invoices'), call('send_email')]);
      expect(score.passed).toBe(false);
      expect(score.reasons).toEqual([
        'called send_email, which the expected sequence does not include',
        'argument email: expected "finance@nordlicht.example" (exact), got "x@y.example"',
      ]);
    });
  });
});
