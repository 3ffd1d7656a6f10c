/** Markdown building blocks shared by the summary's sections: escaping of outside text, code spans, links and tables. */

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

/** Zero-width characters, bidi embeddings, overrides and isolates, the BOM: shown as `\u202e`, never applied. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * Text from the server (or a golden file) on one line with Markdown and HTML shown literally. `@` is
 * split from the name after it so that a server cannot mention people in a PR comment. Cut to a table
 * cell's length unless a paragraph asks for more.
 */
export function md(text: string, maxChars = CELL_MAX_CHARS): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .trim()
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const short = flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
  return short
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, '\\$&')
    .replace(/@/g, '@&#8203;');
}

/** Ids that are safe inside a code span are shown as code; anything else as escaped text. */
export function code(text: string): string {
  return /^[\w.:/@=?&%+-]{1,240}$/.test(text) ? `\`${text}\`` : md(text);
}

export function link(label: string, url: string): string {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? `[${label}](${url})` : '';
}
