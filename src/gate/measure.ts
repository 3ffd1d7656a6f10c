/** Shared helpers for findings: measured rates and short lists of names. */

import type { MeasuredRate, Proportion } from './types.js';
import { wilson } from './wilson.js';

export function measured(p: Proportion, z: number): MeasuredRate {
  return { ...p, rate: p.n === 0 ? 0 : p.k / p.n, interval: wilson(p, z) };
}

/** A short list for one-line messages: the first few names and how many more. */
export function listed(names: readonly string[], limit = 5): string {
  return names.length <= limit ? names.join(', ') : `${names.slice(0, limit).join(', ')} and ${names.length - limit} more`;
}
