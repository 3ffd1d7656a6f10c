/**
 * JSON as mcpgate writes it for a file or stdout: valid Unicode, and nothing in it acts on the screen of
 * whoever opens it with `cat`, `less` or `git diff`. JSON.stringify escapes C0 controls but writes
 * DEL, C1 controls, bidi and invisible characters raw, and writes a lone surrogate as a `\ud800`
 * escape, which is valid JSON but not valid Unicode (strict parsers and code-scanning uploads refuse
 * it). Here lone surrogates become U+FFFD, everywhere, object keys included, and the hidden set of
 * terminal-escape.ts is written as `\uXXXX` escapes, which every JSON reader reads back as the same
 * characters.
 */

import { replaceHidden, wellFormed } from './terminal-escape.js';

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
  // JSON.stringify escapes every C0 control inside a string, so a raw one is the indentation's newline;
  // outside strings it writes nothing else of the set, so every other character replaced is inside one.
  return replaceHidden(JSON.stringify(wellFormedDeep(value), null, indent), (c, codePoint) => (codePoint < 0x20 ? c : jsonEscape(c)));
}
