/**
 * Values for the string formats JSON Schema defines (and `url`, which servers write for `uri`), each
 * one a value the format's validator accepts. Variant n gives the n-th of a series of distinct values;
 * where the format allows it, a value grows to a minLength. A format not listed is an annotation.
 */

interface FormatValues {
  value(variant: number): string;
  /** The value made `length` characters long, when the format can carry the extra characters. */
  grow?(value: string, length: number): string | undefined;
  /** Values shorter than the first, for a small maxLength. */
  short?: readonly string[];
}

const BASE_TIME = Date.UTC(2026, 0, 15, 10, 0, 0);

const padBefore = (value: string, marker: string, filler: string): string | undefined =>
  value.includes(marker) ? value.replace(marker, filler + marker) : undefined;

const email: FormatValues = {
  value: (k) => (k === 0 ? 'user@example.com' : `user${k}@example.com`),
  grow: (value, length) => padBefore(value, '@', 'x'.repeat(length - value.length)),
};

const uri: FormatValues = {
  value: (k) => (k === 0 ? 'https://example.com/' : `https://example.com/item-${k}`),
  grow: (value, length) => value + 'a'.repeat(length - value.length),
};

const uriReference: FormatValues = { ...uri, short: ['a', 'b', 'c'] };

/** Digits of fractional seconds make a time as long as needed; one extra character cannot be a fraction. */
const fraction = (value: string, length: number): string | undefined =>
  length - value.length < 2 ? undefined : padBefore(value, 'Z', '.' + '0'.repeat(length - value.length - 1));

const isoAt = (k: number): string => new Date(BASE_TIME + k * 60_000).toISOString().replace('.000', '');

const hostname: FormatValues = {
  value: (k) => (k === 0 ? 'example.com' : `host${k}.example.com`),
  grow(value, length) {
    if (length > 253) return undefined;
    let prefix = '';
    for (let rest = length - value.length; rest > 0;) {
      // Labels of at most 63 characters, each with its dot; a remainder of one cannot be a label.
      let take = Math.min(64, rest);
      if (rest - take === 1) take--;
      if (take < 2) return undefined;
      prefix += 'a'.repeat(take - 1) + '.';
      rest -= take;
    }
    return prefix + value;
  },
};

const FORMATS: Record<string, FormatValues> = {
  email,
  'idn-email': email,
  uri,
  url: uri,
  iri: uri,
  'uri-reference': uriReference,
  'iri-reference': uriReference,
  'uri-template': {
    value: (k) => (k === 0 ? 'https://example.com/{id}' : `https://example.com/item-${k}/{id}`),
    grow: (value, length) => padBefore(value, '{', 'a'.repeat(length - value.length)),
  },
  date: { value: (k) => new Date(BASE_TIME + k * 86_400_000).toISOString().slice(0, 10) },
  'date-time': { value: isoAt, grow: fraction },
  time: { value: (k) => isoAt(k).slice(11), grow: fraction },
  duration: { value: (k) => `P${k + 1}D`, grow: (value, length) => 'P' + '1'.repeat(length - value.length) + value.slice(1) },
  uuid: { value: (k) => `00000000-0000-4000-8000-${k.toString(16).padStart(12, '0')}` },
  ipv4: { value: (k) => (k === 0 ? '127.0.0.1' : `10.0.${Math.floor(k / 256) % 256}.${k % 256}`) },
  ipv6: { value: (k) => (k === 0 ? '::1' : `2001:db8::${k.toString(16)}`) },
  hostname,
  'idn-hostname': hostname,
  'json-pointer': { value: (k) => (k === 0 ? '/example' : `/example/${k}`), grow: (v, n) => v + 'x'.repeat(n - v.length), short: [''] },
  'relative-json-pointer': {
    value: (k) => String(k),
    grow: (value, length) => (length - value.length === 1 ? value + '#' : value + '/' + 'x'.repeat(length - value.length - 1)),
  },
  regex: { value: (k) => (k === 0 ? 'example' : `example${k}`), grow: (v, n) => v + 'x'.repeat(n - v.length) },
};

export function isGeneratedFormat(format: string): boolean {
  return Object.hasOwn(FORMATS, format);
}

/** The variant-th value of the format between the lengths (in characters), or undefined when there is none. */
export function formatValue(format: string, minLength: number, maxLength: number, variant: number): string | undefined {
  if (!isGeneratedFormat(format)) return undefined;
  const spec = FORMATS[format]!;
  const value = spec.value(variant);
  const candidates = [value];
  const grown = value.length < minLength ? spec.grow?.(value, minLength) : undefined;
  if (grown !== undefined) candidates.push(grown);
  const short = value.length > maxLength ? spec.short?.[variant] : undefined;
  if (short !== undefined) candidates.push(short);
  return candidates.find((c) => c.length >= minLength && c.length <= maxLength);
}
