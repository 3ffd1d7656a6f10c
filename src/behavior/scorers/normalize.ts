/** Text normalisation shared by the normalized, one_of and semantic match modes. */

/**
 * Unicode NFKC (full-width and compatibility forms fold to plain ones), case-folded, punctuation
 * turned into spaces (so "New-York" meets "new york"), whitespace collapsed and trimmed.
 * Upper- then lower-casing approximates full case folding: "Straße" and "STRASSE" meet.
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .replace(/\p{P}+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The JSON type name of a value, telling null and arrays apart from objects. */
export function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Structural equality where leaves (strings, numbers, booleans, null) are compared by `leafEqual`.
 * Arrays compare in order; objects by their own keys, regardless of key order.
 */
export function deepEqual(a: unknown, b: unknown, leafEqual: (a: unknown, b: unknown) => boolean = Object.is): boolean {
  const type = valueType(a);
  if (type !== valueType(b)) return false;
  if (type === 'array') {
    const left = a as unknown[];
    const right = b as unknown[];
    return left.length === right.length && left.every((item, i) => deepEqual(item, right[i], leafEqual));
  }
  if (type === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => key in right && deepEqual(left[key], right[key], leafEqual));
  }
  return leafEqual(a, b);
}

/** Leaf comparison of the normalized mode: strings by normalizeText, numbers numerically (so 0 equals -0). */
export function normalizedLeafEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return normalizeText(a) === normalizeText(b);
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return Object.is(a, b);
}
