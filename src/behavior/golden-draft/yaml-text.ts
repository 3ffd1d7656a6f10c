/**
 * A server's tool names, descriptions and schema values are outside text written into YAML files the
 * user will run: a newline in one must not start a YAML line of its own (an injected case, a changed
 * expectation, a call the user did not write). In comments they are masked and shown on one line; as
 * values they are masked and written in JSON's syntax, which is YAML's double-quoted scalar and flow
 * collection, with what YAML forbids or an editor would show as a line break escaped too.
 */

import { safe } from '../../report/terminal-escape.js';
import { redact, redactDeep } from '../../shared/redact.js';

/** U+FFFE, U+FFFF and lone surrogates: not characters YAML admits anywhere. */
const UNPRINTABLE = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Outside text in a comment: masked, on one line, with nothing YAML forbids in a stream (safe() leaves those). */
export function commentText(text: string): string {
  return safe(redact(text)).replace(UNPRINTABLE, escapeChar);
}

/*
 * JSON.stringify escapes C0 controls; YAML also forbids DEL, the C1 controls and U+FFFE/U+FFFF in a
 * stream, treats U+2028/U+2029 as line breaks in some parsers and editors, and bidi and zero-width
 * characters would make a line read otherwise than it parses. `\uXXXX` means the same in both.
 */
const NOT_PLAIN = /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufffe\uffff]/g;

/** Any JSON value as one line of YAML flow syntax: a string, a mapping, a list. */
export function yamlValue(value: unknown): string {
  return JSON.stringify(redactDeep(value)).replace(NOT_PLAIN, escapeChar);
}

export function quoted(text: string): string {
  return yamlValue(text);
}

/** Lines of a comment block wrap here; a word longer than that keeps a line of its own, whole. */
export const COMMENT_WIDTH = 100;

/** Outside text masked (as commentText) and wrapped at spaces into lines of at most `room` columns; nothing is cut. */
export function wrappedText(text: string, room: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of commentText(text).split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * Outside text as YAML comment lines that fit `width` columns with their indent and `# `. Wrapped,
 * never cut: a draft's comment says why the case exists, and half a sentence says less than none.
 */
export function commentLines(text: string, indent: string, width = COMMENT_WIDTH): string[] {
  return wrappedText(text, Math.max(20, width - indent.length - 2)).map((line) => `${indent}# ${line}`);
}
