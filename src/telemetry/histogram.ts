/**
 * An HDR-style log-linear latency histogram: values in microseconds, constant memory (26 KB) and
 * O(1) recording whatever the number of samples, with a bounded relative error, so a load run of
 * millions of requests and a layer-1 run of a few dozen calls report tails the same way.
 *
 * Layout: values below 256 µs get one bucket each (exact). Above, every power of two [2^k, 2^k+1)
 * is split into 128 equal buckets, so a bucket is at most 1/128 of its lower bound wide; a
 * percentile is reported as the bucket's midpoint, within 1/256 (0.4 %) of the true sample value.
 * Min, max, mean and count are kept exactly.
 */

import type { LatencyFigures } from '../report/model.js';

const LINEAR_LIMIT = 256;
const SUB_BUCKET_BITS = 7;
const SUB_BUCKETS = 1 << SUB_BUCKET_BITS;
/** Values are clamped here (about 71 minutes) for bucketing only; min, max and mean stay exact. */
const MAX_BUCKETED_MICROS = 0xffff_ffff;
const BUCKET_COUNT = LINEAR_LIMIT + (31 - SUB_BUCKET_BITS) * SUB_BUCKETS;

/** The percentiles every mcpgate latency figure is reported with, in milliseconds (as in the report). */
export type LatencySummary = LatencyFigures;

export class LatencyHistogram {
  private readonly counts = new Float64Array(BUCKET_COUNT);
  private total = 0;
  private sum = 0;
  private minValue = Number.POSITIVE_INFINITY;
  private maxValue = 0;

  /** Records one (or `times`) samples of `micros` microseconds; negative and NaN values count as 0. */
  record(micros: number, times = 1): void {
    const value = micros > 0 ? micros : 0;
    this.counts[bucketOf(value)]! += times;
    this.total += times;
    this.sum += value * times;
    if (value < this.minValue) this.minValue = value;
    if (value > this.maxValue) this.maxValue = value;
  }

  recordMs(ms: number): void {
    this.record(ms * 1000);
  }

  get count(): number {
    return this.total;
  }

  /** Exact, in microseconds; 0 when empty. */
  get min(): number {
    return this.total === 0 ? 0 : this.minValue;
  }

  get max(): number {
    return this.maxValue;
  }

  get mean(): number {
    return this.total === 0 ? 0 : this.sum / this.total;
  }

  /**
   * The value at or below which `p` percent of the samples lie (nearest rank), in microseconds;
   * 0 when empty. p = 100 is the exact maximum.
   */
  percentile(p: number): number {
    if (this.total === 0) return 0;
    if (p >= 100) return this.maxValue;
    const rank = Math.max(1, Math.ceil((Math.max(0, p) / 100) * this.total));
    let seen = 0;
    for (let index = 0; index < BUCKET_COUNT; index++) {
      seen += this.counts[index]!;
      if (seen >= rank) return Math.min(this.maxValue, Math.max(this.minValue, midpointOf(index)));
    }
    return this.maxValue;
  }

  /** Adds every sample of `other` (for example one histogram per worker or per instance). */
  merge(other: LatencyHistogram): this {
    for (let index = 0; index < BUCKET_COUNT; index++) this.counts[index]! += other.counts[index]!;
    this.total += other.total;
    this.sum += other.sum;
    if (other.total > 0) {
      this.minValue = Math.min(this.minValue, other.minValue);
      this.maxValue = Math.max(this.maxValue, other.maxValue);
    }
    return this;
  }

  /** The usual figures in milliseconds, rounded to microseconds. */
  summaryMs(): LatencySummary {
    const ms = (micros: number): number => Math.round(micros) / 1000;
    return {
      count: this.total,
      min: ms(this.min),
      mean: ms(this.mean),
      p50: ms(this.percentile(50)),
      p90: ms(this.percentile(90)),
      p95: ms(this.percentile(95)),
      p99: ms(this.percentile(99)),
      p999: ms(this.percentile(99.9)),
      max: ms(this.max),
    };
  }
}

function bucketOf(micros: number): number {
  const value = Math.min(MAX_BUCKETED_MICROS, Math.floor(micros));
  if (value < LINEAR_LIMIT) return value;
  // value >>> shift lands in [128, 256): the top 8 bits, of which the lowest 7 pick the sub-bucket.
  const shift = 31 - Math.clz32(value) - SUB_BUCKET_BITS;
  return LINEAR_LIMIT + (shift - 1) * SUB_BUCKETS + ((value >>> shift) - SUB_BUCKETS);
}

function midpointOf(index: number): number {
  if (index < LINEAR_LIMIT) return index;
  const shift = Math.floor((index - LINEAR_LIMIT) / SUB_BUCKETS) + 1;
  const sub = ((index - LINEAR_LIMIT) % SUB_BUCKETS) + SUB_BUCKETS;
  return sub * 2 ** shift + 2 ** (shift - 1);
}
