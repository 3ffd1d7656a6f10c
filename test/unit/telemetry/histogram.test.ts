/** The latency histogram: bounded relative error against exact percentiles, exact extremes, merge. */

import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../../src/telemetry/histogram.js';

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function exactPercentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const PERCENTILES = [1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99];

describe('LatencyHistogram', () => {
  const datasets: [string, (next: () => number) => number][] = [
    // 1 µs to 10 s, uniform in log space: every bucket range gets exercised.
    ['log-uniform 1 µs..10 s', (next) => Math.exp(next() * Math.log(10_000_000))],
    // Typical latencies: exponential around 2 ms with a heavy tail.
    ['exponential, mean 2 ms', (next) => -Math.log(1 - next()) * 2_000],
  ];
  for (const [name, draw] of datasets) {
    it(`reports percentiles within 1% (or 1 µs) of the exact value: ${name}`, () => {
      const next = random(42);
      const values = Array.from({ length: 100_000 }, () => draw(next));
      const histogram = new LatencyHistogram();
      for (const v of values) histogram.record(v);
      const sorted = [...values].sort((a, b) => a - b);
      for (const p of PERCENTILES) {
        const exact = exactPercentile(sorted, p);
        const reported = histogram.percentile(p);
        expect(Math.abs(reported - exact), `p${p}: exact ${exact}, reported ${reported}`).toBeLessThanOrEqual(Math.max(1, exact * 0.01));
      }
      expect(histogram.count).toBe(values.length);
      expect(histogram.min).toBe(sorted[0]);
      expect(histogram.max).toBe(sorted[sorted.length - 1]);
      expect(histogram.percentile(100)).toBe(sorted[sorted.length - 1]);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      expect(histogram.mean).toBeCloseTo(mean, 6);
    });
  }

  it('keeps percentiles in order and inside [min, max]', () => {
    const next = random(7);
    const histogram = new LatencyHistogram();
    for (let i = 0; i < 5_000; i++) histogram.record(300 + next() * 50_000);
    const s = histogram.summaryMs();
    expect(s.min).toBeLessThanOrEqual(s.p50);
    expect(s.p50).toBeLessThanOrEqual(s.p90);
    expect(s.p90).toBeLessThanOrEqual(s.p95);
    expect(s.p95).toBeLessThanOrEqual(s.p99);
    expect(s.p99).toBeLessThanOrEqual(s.p999);
    expect(s.p999).toBeLessThanOrEqual(s.max);
  });

  it('merging equals recording everything into one histogram', () => {
    const next = random(99);
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    const all = new LatencyHistogram();
    for (let i = 0; i < 20_000; i++) {
      const fast = next() * 800;
      const slow = 5_000 + next() * 200_000;
      a.record(fast);
      b.record(slow);
      all.record(fast);
      all.record(slow);
    }
    const merged = new LatencyHistogram().merge(a).merge(b);
    expect(merged.count).toBe(all.count);
    expect(merged.min).toBe(all.min);
    expect(merged.max).toBe(all.max);
    expect(merged.mean).toBeCloseTo(all.mean, 6);
    for (const p of PERCENTILES) expect(merged.percentile(p)).toBe(all.percentile(p));
    // The fast half lies below 800 µs, the slow one above 5 ms: the median sits at the boundary.
    expect(merged.percentile(49)).toBeLessThan(800);
    expect(merged.percentile(51)).toBeGreaterThan(5_000);
  });

  it('is all zeros when empty, and exact for values below 256 µs', () => {
    const empty = new LatencyHistogram();
    expect(empty.summaryMs()).toEqual({ count: 0, min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 });
    const small = new LatencyHistogram();
    for (const v of [10, 20, 30, 40, 200]) small.record(v);
    expect(small.percentile(50)).toBe(30);
    expect(small.percentile(80)).toBe(40);
    small.recordMs(1.5);
    expect(small.max).toBe(1_500);
  });

  it('counts negative and huge values without breaking', () => {
    const histogram = new LatencyHistogram();
    histogram.record(-5);
    histogram.record(10 * 3_600_000_000);
    expect(histogram.count).toBe(2);
    expect(histogram.min).toBe(0);
    expect(histogram.max).toBe(10 * 3_600_000_000);
    expect(histogram.percentile(50)).toBe(0);
  });
});
