/**
 * Messages are one line: a server's error text is often a pretty-printed dump (the SDK's zod issues
 * span dozens of lines), and quoted inside a verdict it would break every line-based output. The
 * whole text stays in the evidence; a message carries the flattened start of it.
 */

import { cutAfter } from './cut.js';

/** Line breaks (and the indentation around them) become one space; spacing inside a line stays. */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  return cutAfter(text.replace(/\s*[\r\n]+\s*/g, ' ').trim(), max);
}

/**
 * Every run of whitespace becomes one space: for prose quoted inside a sentence or a comment (a
 * model's answer, a reason someone typed, a tool description), where its own spacing carries nothing.
 */
export function collapseWhitespace(text: string, max = Number.POSITIVE_INFINITY): string {
  return cutAfter(text.replace(/\s+/g, ' ').trim(), max);
}
