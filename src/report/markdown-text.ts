/** Markdown building blocks shared by the summary's sections: escaping of outside text, code spans, links and tables. */

import { hexEscape, replaceHidden } from './terminal-escape.js';
import { cutToFit } from '../shared/cut.js';

const CELL_MAX_CHARS = 240;

export function table(header: string[], body: string[][], rows: number): string[] {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`];
  lines.push(...body.slice(0, rows).map((cells) => `| ${cells.join(' | ')} |`));
  if (body.length > rows)
    lines.push(
      `| … ${body.length - rows} more |${header
        .slice(1)
        .map(() => ' ')
        .join('|')}|`,
    );
  return lines;
}

/*
 * What GitHub would turn into a link by itself (GFM's autolink extension, and the later pass GitHub
 * runs over text): `http://`, `https://` and `ftp://` URLs and `www.` hosts, in either case. A
 * backslash before the dot or colon stops cmark-gfm's parse but not a pass over the text after
 * escapes are resolved; a code span stops both, since neither looks inside code. So a token from one
 * of those prefixes up to a blank, a backtick, a pipe (a table cell's end) or an angle bracket is
 * written as a code span: readable, copyable, not a link. Matched anywhere, even inside a word:
 * cmark-gfm links `1https://…` and `(www.…`, and matching more than GitHub does only adds code spans.
 */
const LINKABLE = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s`|<>]*/gi;

/** Outside text with Markdown and HTML shown literally: no emphasis, no tags, no mention. */
function escaped(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, '\\$&')
    .replace(/@/g, '@&#8203;');
}

/**
 * Text from the server (or a golden file) on one line with Markdown and HTML shown literally. `@` is
 * split from the name after it so that a server cannot mention people in a PR comment; URLs and
 * `www.` hosts are code, not links. Controls become blanks, and the rest of terminal-escape.ts's set
 * (bidi, invisible characters) visible `\u202e` escapes. Cut to a table cell's length unless a
 * paragraph asks for more.
 */
export function md(text: string, maxChars = CELL_MAX_CHARS): string {
  const flat = replaceHidden(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim(), (_c, codePoint) =>
    hexEscape(codePoint),
  );
  const short = cutToFit(flat, maxChars);
  let out = '';
  let from = 0;
  for (const match of short.matchAll(LINKABLE)) {
    out += `${escaped(short.slice(from, match.index))}\`${match[0]}\``;
    from = match.index + match[0].length;
  }
  return out + escaped(short.slice(from));
}

/** Ids that are safe inside a code span are shown as code; anything else as escaped text. */
export function code(text: string): string {
  return /^[\w.:/@=?&%+-]{1,240}$/.test(text) ? `\`${text}\`` : md(text);
}

export function link(label: string, url: string): string {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? `[${label}](${url})` : '';
}
