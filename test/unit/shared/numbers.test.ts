import { describe, expect, it } from 'vitest';
import { roundTo } from '../../../src/shared/numbers.js';

describe('roundTo', () => {
  it('rounds to the given decimals, half up', () => {
    expect(roundTo(18.345, 1)).toBe(18.3);
    expect(roundTo(18.35, 0)).toBe(18);
    expect(roundTo(0.125, 2)).toBe(0.13);
    expect(roundTo(-2.5, 0)).toBe(-2);
    expect(roundTo(1 / 3, 4)).toBe(0.3333);
  });

  // The call sites folded into roundTo each wrote the factor as a literal; the reports must not move.
  it('gives the same float as each literal factor it replaced, over many values', () => {
    const factors: Record<number, number> = { 0: 1, 1: 10, 2: 100, 3: 1000, 4: 10_000, 8: 1e8 };
    let seed = 7;
    const next = (): number => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const differing: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const value = (next() - 0.3) * 10 ** Math.floor(next() * 6);
      for (const [digits, factor] of Object.entries(factors)) {
        if (roundTo(value, Number(digits)) !== Math.round(value * factor) / factor) differing.push(`${value} to ${digits}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
