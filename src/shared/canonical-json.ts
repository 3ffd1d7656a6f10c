import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so two requests that differ only in key order (a
 * schema re-serialised by another SDK, say) hash to the same cache key. Array order is meaning and
 * is kept; undefined members are dropped, as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** The sha256 (hex) of a value's canonical JSON: the same for values that differ only in key order. */
export function canonicalSha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) sorted[key] = sortKeys(member);
  }
  return sorted;
}

/**
 * Orders strings by UTF-16 code units, as Array.prototype.sort does by default: the same on every
 * machine. (localeCompare follows the process's locale, so a fingerprint sorted with it differed
 * between a developer's machine and CI.)
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
