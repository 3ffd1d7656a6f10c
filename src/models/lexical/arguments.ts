/**
 * Arguments the baseline can read off a prompt, property by property (required first): enum values
 * named in it, emails, ISO dates, ids shaped like the schema's pattern or examples, currency codes,
 * numbers within the schema's bounds, quoted strings, capitalised names for city-like properties,
 * and, for a string nothing else filled, one of the schema's own `examples` named in it. Each stretch of the prompt is used once, so `from` and `to` get different codes. What
 * it cannot read it leaves out, as a careful caller would, rather than guessing.
 */

import { findAllLinear } from '../../shared/linear-regexp.js';
import { propertiesOf, text, typeOf, type Schema } from './schema.js';
import { followsPlacePreposition, opensSentence } from './before.js';
import { EMAIL, isStopWord, ISO_DATE, stem, words } from './terms.js';
import { escapeRegExp } from '../../shared/regexp.js';

interface Found {
  start: number;
  end: number;
  value: unknown;
}

const NUMBER = /(?<![\w.-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w-])|(?<![\w.,-])\d+(?:\.\d+)?(?![\w-])/g;
const QUOTED = /"([^"]+)"|“([^”]+)”|(?<![\p{L}\p{N}])'([^']+)'(?![\p{L}\p{N}])/gu;
const CAPITALISED = /\p{Lu}[\p{Ll}’']+(?:[ -]\p{Lu}[\p{Ll}]+)*/gu;
const CURRENCY_CODE = /(?<![\w-])[A-Z]{3}(?![\w-])/g;
const NAME_LIKE = /city|town|location|place|country|region|destination|origin|name/;

export function extractArguments(prompt: string, inputSchema: Schema): Record<string, unknown> {
  return new Extractor(prompt, inputSchema).object(inputSchema);
}

/**
 * Why the baseline left `argument` out, for the reason of a sample that expected it: what it reads
 * for such a property (the rules of Extractor.value, in its order) and what the prompt or the schema
 * would need. Undefined when the schema has no such property.
 */
export function missedArgumentHint(inputSchema: Schema, argument: string): string | undefined {
  const property = propertiesOf(inputSchema, inputSchema).find((p) => p.name === argument);
  if (!property) return undefined;
  const [reads, fix] = readingRule(argument, property.schema);
  return `the lexical baseline reads ${argument} only from ${reads} in the prompt: ${fix}`;
}

/** [what the baseline reads for this property, what would let it] */
function readingRule(name: string, schema: Schema): [string, string] {
  const type = typeOf(schema);
  if (Array.isArray(schema.enum)) return ['one of its enum values named', 'name one of the enum values'];
  if (type === 'object') return ['the values of its own properties', 'give each nested property a value the baseline can read'];
  if (type === 'integer' || type === 'number') return ['a number within its bounds', 'write the number in digits'];
  if (type !== 'string') return [`nothing (it reads no ${type ?? 'untyped'} value)`, 'a real model must fill it'];
  const format = text(schema, 'format');
  if (format === 'email' || /email/i.test(name)) return ['an email address', 'write the address in the prompt'];
  if (format === 'date' || words(name).includes('date')) return ['an ISO date (YYYY-MM-DD)', 'write the date as YYYY-MM-DD'];
  if (typeof schema.pattern === 'string') return ['a value matching its pattern', 'write the value as the pattern requires'];
  const shapes = idPattern(schema) === undefined ? [] : ['an id shaped like its examples'];
  if (/currency/i.test(`${name} ${text(schema, 'description')}`)) shapes.push('a three-letter currency code');
  if (NAME_LIKE.test(name.toLowerCase())) shapes.push('a capitalised name');
  if (Array.isArray(schema.examples) && schema.examples.some((e) => typeof e === 'string')) shapes.push('one of its examples');
  return [[...shapes, 'a quoted value'].join(', or '), 'quote the value, or give the argument a pattern or enum'];
}

class Extractor {
  private readonly used: Array<[number, number]> = [];
  private readonly quoted: Found[];

  constructor(
    private readonly prompt: string,
    private readonly root: Schema,
  ) {
    this.quoted = this.all(QUOTED, (m) => m.slice(1).find((g) => g !== undefined) ?? '');
  }

  object(schema: Schema): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { name, schema: property } of propertiesOf(schema, this.root)) {
      const value = this.value(name, property);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  private value(name: string, schema: Schema): unknown {
    const type = typeOf(schema);
    const description = text(schema, 'description').toLowerCase();
    if (Array.isArray(schema.enum)) return this.enumValue(schema.enum);
    if (type === 'object') {
      const nested = this.object(schema);
      return Object.keys(nested).length > 0 ? nested : undefined;
    }
    if (type === 'integer' || type === 'number') return this.number(name, schema, type === 'integer');
    if (type !== 'string') return undefined;
    const format = text(schema, 'format');
    if (format === 'email' || /email/i.test(name)) return this.take(this.all(EMAIL, (m) => m[0]));
    if (format === 'date' || words(name).includes('date')) return this.take(this.all(ISO_DATE, (m) => m[0]));
    const idShape = idPattern(schema);
    const ids = idShape === undefined ? undefined : findAllLinear(idShape, this.prompt, '\\w-');
    if (ids !== undefined) {
      const id = this.take(ids.map((m) => ({ start: m.start, end: m.end, value: m.text })));
      if (id !== undefined || typeof schema.pattern === 'string') return id;
    }
    if (/currency/i.test(`${name} ${description}`)) return this.take(this.all(CURRENCY_CODE, (m) => m[0]));
    const quote = this.take(this.quoted);
    if (quote !== undefined) return quote;
    return (NAME_LIKE.test(name.toLowerCase()) ? this.properName() : undefined) ?? this.namedExample(schema);
  }

  /**
   * A free-text property (a topic, a title) has no shape to search for, but a prompt that names one
   * of the schema's own examples ("for the quarterly report") has stated the value. Last, so it
   * never overrides what the prompt says more specifically.
   */
  private namedExample(schema: Schema): string | undefined {
    const examples = (Array.isArray(schema.examples) ? schema.examples : []).filter(
      (e): e is string => typeof e === 'string' && e.trim() !== '',
    );
    const found = examples.flatMap((example) => this.all(literal(example), () => example));
    return this.take(found.sort((a, b) => a.start - b.start)) as string | undefined;
  }

  private enumValue(values: unknown[]): unknown {
    const found = values.flatMap((value) =>
      typeof value === 'string' || typeof value === 'number' ? this.all(literal(String(value)), () => value) : [],
    );
    return this.take(found.sort((a, b) => a.start - b.start));
  }

  /** A number near a word of the property's name ("5 days" for `days`) first, else the first one. */
  private number(name: string, schema: Schema, integer: boolean): number | undefined {
    const candidates = this.all(NUMBER, (m) => Number(m[0].replace(/,/g, ''))).filter(
      (f) => inBounds(f.value as number, schema, integer) && !insideAny(this.quoted, f),
    );
    const nameStems = new Set(words(name).map(stem));
    const neighbours = (f: Found): string[] => [
      ...words(this.prompt.slice(Math.max(0, f.start - 24), f.start)).slice(-1),
      ...words(this.prompt.slice(f.end, f.end + 24)).slice(0, 1),
    ];
    const near = candidates.filter((f) => neighbours(f).some((w) => nameStems.has(stem(w))));
    return this.take(near.length > 0 ? near : candidates) as number | undefined;
  }

  /** Capitalised words after a preposition ("in Paris") first, then any not opening a sentence. */
  private properName(): string | undefined {
    const runs = this.all(CAPITALISED, (m) => m[0]).filter((f) => !isStopWord(words(String(f.value))[0] ?? ''));
    const afterPreposition = runs.filter((f) => followsPlacePreposition(this.prompt, f.start));
    const inside = runs.filter((f) => !opensSentence(this.prompt, f.start));
    return this.take(afterPreposition.length > 0 ? afterPreposition : inside) as string | undefined;
  }

  private all(pattern: RegExp, value: (m: RegExpMatchArray) => unknown): Found[] {
    return [...this.prompt.matchAll(pattern)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, value: value(m) }));
  }

  /** The first candidate whose stretch of the prompt no other argument has taken. */
  private take(candidates: Found[]): unknown {
    const free = candidates.find((c) => !this.used.some(([s, e]) => c.start < e && s < c.end));
    if (free === undefined) return undefined;
    this.used.push([free.start, free.end]);
    return free.value;
  }
}

/**
 * Whether `found` lies inside one of `stretches` (matches of one pattern: disjoint, in order). A
 * binary search, because a long prompt can hold thousands of both quotes and numbers.
 */
function insideAny(stretches: readonly Found[], found: Found): boolean {
  let low = 0;
  let high = stretches.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const stretch = stretches[middle]!;
    if (found.start < stretch.start) high = middle - 1;
    else if (found.start >= stretch.end) low = middle + 1;
    else return found.end <= stretch.end;
  }
  return false;
}

function inBounds(n: number, schema: Schema, integer: boolean): boolean {
  const bound = (key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const [min, max, xmin, xmax] = [bound('minimum'), bound('maximum'), bound('exclusiveMinimum'), bound('exclusiveMaximum')];
  return (
    (!integer || Number.isInteger(n)) &&
    (min === undefined || n >= min) &&
    (max === undefined || n <= max) &&
    (xmin === undefined || n > xmin) &&
    (xmax === undefined || n < xmax)
  );
}

/**
 * The schema's own pattern when it has one, else the shape of an id-like example ("INV-1001":
 * the letters kept, the digits any run of digits). It is searched for on the linear engine, never
 * JavaScript's (a server's pattern such as `(a|a)*` would backtrack for minutes), and bounded so it
 * never matches inside a longer word; a pattern RE2 cannot run is not used.
 */
function idPattern(schema: Schema): string | undefined {
  return typeof schema.pattern === 'string'
    ? schema.pattern.replace(/^\^/, '').replace(/\$$/, '')
    : (Array.isArray(schema.examples) ? schema.examples : [])
        .filter((e): e is string => typeof e === 'string' && /\p{L}/u.test(e) && /\d/.test(e) && !/\s/.test(e))
        .map((e) => e.split(/\d+/).map(escapeRegExp).join('\\d+'))[0];
}

/** The value as a whole word or phrase, in any case. */
function literal(value: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'giu');
}
