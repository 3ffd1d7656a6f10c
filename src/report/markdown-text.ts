/** Markdown building blocks shared by the summary's sections: escaping of outside text, code spans, links and tables. */

import { hexEscape, replaceHidden } from './terminal-escape.js';

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
 * split from the name after it so that a server cannot mention people in a PR comment. Controls become
 * blanks, and the rest of terminal-escape.ts's set (bidi, invisible characters) visible `\u202e`
 * escapes. Cut to a table cell's length unless a paragraph asks for more.
 */
export function md(text: string, maxChars = CELL_MAX_CHARS): string {
  const flat = replaceHidden(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim(), (_c, codePoint) =>
    hexEscape(codePoint),
  );
  const short = flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
  return escaped(short);
}

/** Ids that are safe inside a code span are shown as code; anything else as escaped text. */
export function code(text: string): string {
  return /^[\w.:/@=?&%+-]{1,240}$/.test(text) ? `\`${text}\`` : md(text);
}

export function link(label: string, url: string): string {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? `[${label}](${url})` : '';
}
