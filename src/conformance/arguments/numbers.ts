/**
 * Numbers and integers within minimum, maximum, exclusiveMinimum and exclusiveMaximum, and multiples
 * of every multipleOf. A multiple is tested the way the validator tests it, `(value / step) % 1 === 0`
 * in floating point, so `0.3` is no multiple of `0.1` and the search moves on to one that is.
 */

import { built, failed, type Built, type Path } from './context.js';
import type { Node } from './fold.js';
import { MAX_NUMBER_TRIES } from './limits.js';

interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
}

function lowerBound(node: Node): Bound | undefined {
  const { minimum, exclusiveMinimum } = node;
  if (exclusiveMinimum !== undefined && (minimum === undefined || exclusiveMinimum >= minimum))
    return { value: exclusiveMinimum, exclusive: true, keyword: 'exclusiveMinimum' };
  return minimum === undefined ? undefined : { value: minimum, exclusive: false, keyword: 'minimum' };
}

function upperBound(node: Node): Bound | undefined {
  const { maximum, exclusiveMaximum } = node;
  if (exclusiveMaximum !== undefined && (maximum === undefined || exclusiveMaximum <= maximum))
    return { value: exclusiveMaximum, exclusive: true, keyword: 'exclusiveMaximum' };
  return maximum === undefined ? undefined : { value: maximum, exclusive: false, keyword: 'maximum' };
}

const above = (v: number, b: Bound | undefined): boolean => b === undefined || (b.exclusive ? v > b.value : v >= b.value);
const below = (v: number, b: Bound | undefined): boolean => b === undefined || (b.exclusive ? v < b.value : v <= b.value);
const describe = (b: Bound): string => `${b.keyword} ${b.value}`;

export function buildNumber(node: Node, path: Path, integer: boolean, variant: number): Built {
  const lo = lowerBound(node);
  const hi = upperBound(node);
  if (lo && hi && (lo.value > hi.value || (lo.value === hi.value && (lo.exclusive || hi.exclusive))))
    return failed(
      path,
      lo.value > hi.value ? `${describe(lo)} is above ${describe(hi)}` : `${describe(lo)} and ${describe(hi)} leave no value`,
    );
  const steps = node.multipleOf;
  const fits = (v: number): boolean =>
    Number.isFinite(v) && above(v, lo) && below(v, hi) && (!integer || Number.isInteger(v)) && steps.every((s) => (v / s) % 1 === 0);
  const tries = MAX_NUMBER_TRIES + variant;
  const candidates = steps.length > 0 || integer ? onSteps(steps[0] ?? 1, lo, hi, tries) : inRange(lo, hi, tries);
  // Near the limits of floating point, consecutive candidates can be one number.
  const seen = new Set<number>();
  for (const candidate of candidates) {
    const value = Object.is(candidate, -0) ? 0 : candidate;
    if (!fits(value) || seen.has(value)) continue;
    if (seen.size === variant) return built(value);
    seen.add(value);
  }
  if (seen.size > 0) return failed(path, `no further distinct ${integer ? 'integer' : 'number'} fits its bounds`);
  const kind = steps.length > 0 ? `multiple of ${steps.join(' and ')}` : integer ? 'integer' : 'number';
  const range = [lo && describe(lo), hi && describe(hi)].filter(Boolean).join(' and ');
  return failed(path, range ? `no ${kind} lies within ${range}` : `no ${kind} was found`);
}

/**
 * Multiples of `step` from the one nearest 1 that the bounds allow, upwards, then downwards: 1 is the
 * value a caller is most likely to accept, and the lowest allowed value when the range starts above it.
 */
function* onSteps(step: number, lo: Bound | undefined, hi: Bound | undefined, tries: number): Generator<number> {
  const kLo = lo ? Math.ceil(lo.value / step) : -Infinity;
  const kHi = hi ? Math.floor(hi.value / step) : Infinity;
  const start = Math.min(Math.max(Math.max(1, Math.round(1 / step)), kLo), kHi);
  if (!Number.isFinite(start)) return;
  // One below and above the computed range as well: dividing by a fractional step rounds either way.
  for (let i = 0; i <= tries && start + i <= kHi + 1; i++) yield (start + i) * step;
  for (let i = 1; i <= tries && start - i >= kLo - 1; i++) yield (start - i) * step;
}

/** Numbers without a step: 1 when allowed, else the nearest bound, then points spread over the range. */
function* inRange(lo: Bound | undefined, hi: Bound | undefined, tries: number): Generator<number> {
  const low = lo?.value ?? -Infinity;
  const high = hi?.value ?? Infinity;
  yield 1;
  if (lo && !lo.exclusive) yield lo.value;
  if (hi && !hi.exclusive) yield hi.value;
  if (Number.isFinite(low) && Number.isFinite(high)) {
    for (let parts = 2; parts <= 2 * tries; parts *= 2) for (let i = 1; i < parts; i += 2) yield low * (1 - i / parts) + high * (i / parts);
    return;
  }
  const from = Number.isFinite(low) ? low : Number.isFinite(high) ? high : 1;
  const direction = Number.isFinite(low) || !Number.isFinite(high) ? 1 : -1;
  for (let i = 1; i <= tries; i++) yield from + direction * i;
}
