/**
 * Significance for pass rates: a Wilson score interval per proportion, and Newcombe's hybrid score
 * interval for the difference of two (Newcombe 1998, method 10), built from the two Wilson intervals.
 * Wilson rather than the normal approximation because eval cases run 5 to 20 times and often pass
 * every time, where p(1-p)/n collapses to zero and claims a certainty five samples cannot give.
 */

import type { Interval, Proportion } from './types.js';

/** The two-sided standard normal quantile for a confidence level, e.g. 0.95 -> 1.95996. */
export function zFor(confidence: number): number {
  return inverseNormal(1 - (1 - confidence) / 2);
}

export function wilson({ k, n }: Proportion, z: number): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Interval for `from - to` (the drop from the first proportion to the second). A drop is significant
 * beyond a tolerance t when the interval's low end is above t: even the most favourable reading of
 * the noise leaves a drop larger than the tolerance.
 */
export function dropInterval(from: Proportion, to: Proportion, z: number): Interval {
  const p1 = from.k / from.n;
  const p2 = to.k / to.n;
  const w1 = wilson(from, z);
  const w2 = wilson(to, z);
  const d = p1 - p2;
  return {
    low: d - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: d + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
  };
}

/** Acklam's rational approximation of the normal quantile (relative error below 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const poly = (coefficients: number[], x: number): number => coefficients.reduce((sum, co) => sum * x + co, 0);
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -poly(c, q) / (poly(d, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}
