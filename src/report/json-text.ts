/**
 * JSON as mcpgate writes it for a file or stdout: valid Unicode, and nothing in it acts on the screen of
 * whoever opens it with `cat`, `less` or `git diff`. JSON.stringify escapes C0 controls but writes
 * DEL, C1 controls, bidi and invisible characters raw, and writes a lone surrogate as a `\ud800`
 * escape, which is valid JSON but not valid Unicode (strict parsers and code-scanning uploads refuse
 * it). Here lone surrogates become U+FFFD, everywhere, object keys included, and the hidden set of
 * terminal-escape.ts is written as `\uXXXX` escapes, which every JSON reader reads back as the same
 * characters.
 */

import { replaceHiddenInJson, wellFormed } from './terminal-escape.js';

/** The value with every string (and object key) made well-formed; what is not JSON data is passed as is. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => wellFormedDeep(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[wellFormed(key)] = wellFormedDeep(item);
    return out as T;
  }
  return value;
}

function jsonEscape(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** JSON.stringify(value, null, indent), well-formed and with hidden characters escaped; no trailing newline. */
export function jsonText(value: unknown, indent = 2): string {
  return [...jsonTextParts(value, indent)].join('');
}

/**
 * Objects and arrays this deep or deeper are written as one part: a report's large arrays (checks,
 * eval cases, a case's samples) sit above it, so a part is one case or check, never the whole report.
 */
const SPLIT_DEPTH = 3;

/**
 * jsonText in parts whose concatenation is exactly jsonText's text: split between the members of
 * objects and arrays down to SPLIT_DEPTH. A report of 5,000 samples is a 6 MB text (12 MB in memory
 * once one character is beyond Latin-1), and building it whole, with its copies on the way to the file,
 * was the peak of an eval's memory; written part by part, no such string exists.
 */
export function* jsonTextParts(value: unknown, indent = 2): Generator<string> {
  // JSON.stringify escapes every C0 control inside a string, so a raw one is the indentation's newline,
  // and outside strings it writes nothing else of the set: every other character replaced is inside one.
  for (const part of indent > 0 ? split(value, 0, indent) : [layoutOf(value, 0, indent)])
    yield replaceHiddenInJson(part, (c) => jsonEscape(c));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** What JSON.stringify leaves out of an object and writes as null in an array. */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** One value as JSON.stringify writes it at `depth` of an indented text (its inner lines indented to match). */
function layoutOf(value: unknown, depth: number, indent: number): string {
  const text = JSON.stringify(wellFormedDeep(value), null, indent);
  return depth === 0 || indent === 0 ? text : text.replaceAll('\n', `\n${' '.repeat(depth * indent)}`);
}

/**
 * An object's members as wellFormedDeep's copy holds them: keys made well-formed (two that become one
 * keep the first one's place and the last one's value), and a `__proto__` key gone, as the copy's
 * assignment to it sets its prototype instead of adding a member.
 */
function membersOf(value: Record<string, unknown>): Map<string, unknown> {
  const members = new Map<string, unknown>();
  for (const [key, item] of Object.entries(value)) {
    const name = wellFormed(key);
    if (name !== '__proto__') members.set(name, item);
  }
  return members;
}

function* split(value: unknown, depth: number, indent: number): Generator<string> {
  const inner = `\n${' '.repeat((depth + 1) * indent)}`;
  const close = `\n${' '.repeat(depth * indent)}`;
  if (depth < SPLIT_DEPTH && Array.isArray(value) && value.length > 0) {
    for (let i = 0; i < value.length; i++) {
      yield `${i === 0 ? '[' : ','}${inner}`;
      const item: unknown = value[i];
      yield* split(isSkipped(item) ? null : item, depth + 1, indent);
    }
    yield `${close}]`;
    return;
  }
  if (depth < SPLIT_DEPTH && isPlainObject(value) && typeof value['toJSON'] !== 'function') {
    const members = [...membersOf(value)].filter(([, item]) => !isSkipped(item));
    if (members.length > 0) {
      for (const [i, [key, item]] of members.entries()) {
        yield `${i === 0 ? '{' : ','}${inner}${JSON.stringify(wellFormed(key))}: `;
        yield* split(item, depth + 1, indent);
      }
      yield `${close}}`;
      return;
    }
  }
  yield layoutOf(value, depth, indent);
}
