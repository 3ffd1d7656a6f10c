/** The split improve's proof rests on: stratified by expected tool, seeded, reproducible, k-fold below SMALL_SET cases. */

import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../../../src/behavior/golden/index.js';
import { SMALL_SET, splitGolden } from '../../../../src/behavior/improve/split.js';
import type { GoldenCase } from '../../../../src/behavior/types.js';
import { InputError } from '../../../../src/shared/input-error.js';

/** `counts`: expected tool (or null) -> how many cases expect it. */
function golden(counts: Array<[string | null, number]>): GoldenCase[] {
  const lines = ['cases:'];
  for (const [tool, n] of counts)
    for (let i = 1; i <= n; i++)
      lines.push(
        `  - id: ${tool ?? 'none'}-${i}`,
        `    prompt: request ${i} for ${tool ?? 'nothing'}`,
        `    expect_tool: ${tool ?? 'null'}`,
      );
  return parseGoldenSet(lines.join('\n'), 'tasks.yaml').cases;
}

const SET: Array<[string | null, number]> = [
  ['get_weather', 7],
  ['get_forecast', 4],
  ['search_invoices', 5],
  ['send_email', 1],
  [null, 6],
];

function partOf(split: { parts: string[][] }): Map<string, number> {
  return new Map(split.parts.flatMap((ids, part) => ids.map((id) => [id, part] as const)));
}

describe('k folds (a small set)', () => {
  const cases = golden(SET);
  const split = splitGolden(cases, { seed: 1 });

  it('is chosen below SMALL_SET cases, 3 folds, and holds every case out exactly once', () => {
    expect(cases.length).toBeLessThan(SMALL_SET);
    expect(split).toMatchObject({ kind: 'k-fold', folds: 3, chosen: `23 cases, fewer than ${SMALL_SET}: k-fold` });
    expect(split.parts.flat().sort()).toEqual(cases.map((c) => c.id).sort());
    const sizes = split.parts.map((p) => p.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('spreads each expected tool over the folds (no fold has two more of a tool than another)', () => {
    for (const stratum of split.strata) {
      expect(Math.max(...stratum.perPart) - Math.min(...stratum.perPart)).toBeLessThanOrEqual(1);
      expect(stratum.perPart.reduce((a, b) => a + b, 0)).toBe(stratum.cases);
    }
    expect(split.strata.map((s) => s.expected)).toEqual(['get_forecast', 'get_weather', 'search_invoices', 'send_email', null]);
    const parts = partOf(split);
    const weather = cases.filter((c) => c.id.startsWith('get_weather')).map((c) => parts.get(c.id));
    expect(new Set(weather).size).toBe(3);
  });

  it('is the same for the same seed whatever the order of the file, and another for another seed', () => {
    const shuffled = [...cases].reverse();
    expect(partOf(splitGolden(shuffled, { seed: 1 }))).toEqual(partOf(split));
    expect(partOf(splitGolden(cases, { seed: 2 }))).not.toEqual(partOf(split));
    // Parts list their cases in the golden set's order, so a report reads like the file.
    const order = cases.map((c) => c.id);
    for (const part of split.parts) expect([...part].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(part);
  });

  it('takes --folds', () => {
    const five = splitGolden(cases, { seed: 1, folds: 5 });
    expect(five).toMatchObject({ kind: 'k-fold', folds: 5, chosen: '--folds' });
    expect(five.parts).toHaveLength(5);
  });
});

describe('one hold-out (a large set, or --holdout)', () => {
  const large = golden([
    ['get_weather', 14],
    ['get_forecast', 9],
    ['search_invoices', 10],
    ['send_email', 2],
    [null, 10],
  ]);

  it('is chosen from SMALL_SET cases: 30% held out, each tool giving its share', () => {
    const split = splitGolden(large, { seed: 1 });
    expect(split).toMatchObject({ kind: 'holdout', holdout: 0.3, chosen: `45 cases, ${SMALL_SET} or more: one hold-out` });
    expect(split.parts).toHaveLength(1);
    expect(split.parts[0]).toHaveLength(Math.round(0.3 * 45));
    for (const s of split.strata) {
      expect(s.perPart[0]).toBeGreaterThanOrEqual(Math.floor(s.cases * 0.3));
      expect(s.perPart[0]).toBeLessThanOrEqual(Math.ceil(s.cases * 0.3));
    }
  });

  it('takes --holdout on a small set too', () => {
    const split = splitGolden(golden(SET), { seed: 3, holdout: 0.5 });
    expect(split).toMatchObject({ kind: 'holdout', holdout: 0.5, chosen: '--holdout' });
    expect(split.parts[0]).toHaveLength(12);
  });
});

describe('a split that holds nothing out, or leaves nothing to learn from', () => {
  it('is a usage error naming the cause (exit 2)', () => {
    const fail = (cases: GoldenCase[], request: Parameters<typeof splitGolden>[1]): InputError => {
      try {
        splitGolden(cases, request);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return error as InputError;
      }
      throw new Error('expected a usage error');
    };
    expect(fail(golden([['get_weather', 1]]), { seed: 1 }).message).toBe(
      'the golden set has 1 case(s): too few to hold any out and learn from the rest; add cases',
    );
    expect(fail(golden([['get_weather', 10]]), { seed: 1, holdout: 0.01 }).message).toBe(
      '--holdout 0.01 of 10 case(s) leaves no case held out: change it, or use --folds',
    );
    expect(fail(golden([['get_weather', 2]]), { seed: 1, holdout: 0.9 }).message).toContain('leaves no case to learn from');
    expect(fail(golden([['get_weather', 1]]), { seed: 1 }).exitCode).toBe(2);
  });
});
