/**
 * A server's tool names, descriptions and schema values are outside text written into YAML files the
 * user will run: a newline in one must not start a YAML line of its own (an injected case, a changed
 * expectation, a call the user did not write). In comments they are masked and shown on one line; as
 * values they are masked and written in JSON's syntax, which is YAML's double-quoted scalar and flow
 * collection, with what YAML forbids or an editor would show as a line break escaped too.
 */

import { replaceHidden, safe } from '../../report/terminal-escape.js';
import { redact, redactDeep } from '../../shared/redact.js';

/** U+FFFE and U+FFFF: not characters YAML admits anywhere (safe() shows lone surrogates as U+FFFD). */
const UNPRINTABLE = /[\ufffe\uffff]/g;

function escapeChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Outside text in a comment: masked, on one line, with nothing YAML forbids in a stream (safe() leaves those). */
export function commentText(text: string): string {
  return safe(redact(text)).replace(UNPRINTABLE, escapeChar);
}

/** YAML's escape for one character: `\u202e`, and `\U000E0041` beyond the basic plane. */
function yamlEscape(codePoint: number): string {
  return codePoint > 0xffff ? `\\U${codePoint.toString(16).padStart(8, '0')}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;
}

/*
 * JSON.stringify escapes C0 controls and writes a lone surrogate as `\ud800`, which YAML reads back as
 * the same string (so an expected tool still names the tool the server listed). The rest of
 * terminal-escape.ts's set it writes raw: YAML forbids DEL and the C1 controls in a stream, some
 * parsers and editors take U+2028/U+2029 as line breaks, and bidi and invisible characters would make a
 * line read otherwise than it parses; U+FFFE/U+FFFF YAML does not admit at all. Escaped, each means
 * the same in YAML's double-quoted scalar.
 */
export function yamlValue(value: unknown): string {
  return replaceHidden(JSON.stringify(redactDeep(value)), (_c, codePoint) => yamlEscape(codePoint)).replace(UNPRINTABLE, escapeChar);
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
