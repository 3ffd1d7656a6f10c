/**
 * Finds registered secrets that a text spells with JSON string escapes: `\/` for `/`, `\u0041` for
 * `A` (any case of hex), for some characters or for all, as a server's encoder may write a raw body.
 * The text is decoded as JSON string content would be, keeping where each escape came from, and the
 * secrets are searched in the decoded text; each match masks the stretch of the original it came
 * from. A JSON text inside a JSON string escapes twice, so the decoded text is decoded again, a few
 * levels deep. Linear in the text's length per level, however many secrets are registered
 * (secret-index.ts): no regular expression over the whole text, so a megabyte body cannot make it
 * backtrack. Memory while it runs, per level kept: the decoded copy (a few bytes per character) and
 * 12 to 24 bytes per escape.
 */

import { maskRanges } from './secret-index.js';

/** A body, a JSON document inside one of its strings, and one more level inside that. */
const MAX_LEVELS = 3;

/** The character a JSON string escapes with one letter after the backslash (`\n`, `\/`...), or -1. */
function shortEscape(letter: number): number {
  switch (letter) {
    case 0x22: // \"
    case 0x5c: // \\
    case 0x2f: // \/
      return letter;
    case 0x62: // \b
      return 0x08;
    case 0x66: // \f
      return 0x0c;
    case 0x6e: // \n
      return 0x0a;
    case 0x72: // \r
      return 0x0d;
    case 0x74: // \t
      return 0x09;
    default:
      return -1;
  }
}

/** String.fromCharCode takes code units as arguments: this many at a time, below any engine's limit. */
const CHUNK_UNITS = 8_192;

/**
 * A text with its escapes decoded, and where each decoded escape came from. Between escapes the
 * characters are the original's, so only the escapes need recording: `origin` maps any position.
 */
interface Decoded {
  text: string;
  escapes: number;
  /** Position in the decoded text of each escape, ascending. */
  at: Int32Array;
  /** Where that escape starts in the text decoded, and where the text after it resumes. */
  start: Int32Array;
  resume: Int32Array;
}

/** Where position `i` of the decoded text (its length included) starts in the text it was decoded from. */
function origin(view: Decoded, i: number): number {
  let low = 0;
  let high = view.escapes - 1;
  let last = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (view.at[mid]! <= i) {
      last = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (last < 0) return i;
  return i === view.at[last] ? view.start[last]! : view.resume[last]! + (i - view.at[last]! - 1);
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** The code unit four hex digits at `at` spell, or -1. */
function hexUnit(text: string, at: number): number {
  let unit = 0;
  for (let k = at; k < at + 4; k++) {
    const digit = k < text.length ? hexDigit(text.charCodeAt(k)) : -1;
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

function grown(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** The text with its JSON escapes decoded, or undefined when it has none. */
function decodeEscapes(text: string): Decoded | undefined {
  if (!text.includes('\\')) return undefined;
  const units = new Uint16Array(text.length);
  let at: Int32Array = new Int32Array(256);
  let start: Int32Array = new Int32Array(256);
  let resume: Int32Array = new Int32Array(256);
  let escapes = 0;
  let length = 0;
  let copied = 0;
  for (let i = text.indexOf('\\'); i >= 0 && i + 1 < text.length; i = text.indexOf('\\', i)) {
    const next = text.charCodeAt(i + 1);
    let unit = shortEscape(next);
    let width = 2;
    if (unit < 0 && next === 0x75) {
      unit = hexUnit(text, i + 2);
      width = 6;
    }
    if (unit < 0) {
      i++;
      continue;
    }
    for (let k = copied; k < i; k++) units[length++] = text.charCodeAt(k);
    if (escapes === at.length) [at, start, resume] = [grown(at), grown(start), grown(resume)];
    at[escapes] = length;
    start[escapes] = i;
    resume[escapes++] = i + width;
    units[length++] = unit;
    copied = i += width;
  }
  if (escapes === 0) return undefined;
  for (let k = copied; k < text.length; k++) units[length++] = text.charCodeAt(k);
  const parts: string[] = [];
  for (let from = 0; from < length; from += CHUNK_UNITS)
    parts.push(String.fromCharCode(...units.subarray(from, Math.min(from + CHUNK_UNITS, length))));
  return { text: parts.join(''), escapes, at, start, resume };
}

/**
 * `text` with every stretch that decodes to a registered secret replaced by `mask`. `find` gives the
 * secrets' occurrences in a decoded text (SecretIndex.find), as [start, end) in ascending order of start.
 */
export function maskJsonEscaped(text: string, find: (decoded: string) => Array<[number, number]>, mask: string): string {
  const ranges: Array<[number, number]> = [];
  // Each level decodes the one before; a position maps back through every level to the original.
  const levels: Decoded[] = [];
  const toOriginal = (i: number): number => levels.reduceRight((position, level) => origin(level, position), i);
  let view = decodeEscapes(text);
  while (view !== undefined) {
    levels.push(view);
    for (const [start, end] of find(view.text)) ranges.push([toOriginal(start), toOriginal(end)]);
    view = levels.length < MAX_LEVELS ? decodeEscapes(view.text) : undefined;
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return maskRanges(text, ranges, mask);
}
