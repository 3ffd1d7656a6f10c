/** The one escape for server text in the Markdown summary, shared by its parts. */

const CELL_MAX_CHARS = 240;

/**
 * Text from the server (or a golden file) on one line with Markdown and HTML shown literally. `@` is
 * split from the name after it so that a server cannot mention people in a PR comment.
 */
export function md(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  const short = flat.length > CELL_MAX_CHARS ? `${flat.slice(0, CELL_MAX_CHARS - 1)}…` : flat;
  return short
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]|~#!]/g, '\\$&')
    .replace(/@/g, '@&#8203;');
}
