/**
 * What comes just before a position in the prompt, read backwards from it. Testing a regular
 * expression anchored with `$` against the whole prefix instead costs the prefix's length at each
 * position, which made a long prompt quadratic (a 300 KB prompt took about a minute).
 */

const WHITESPACE = /\s/;
const ASCII_WORD = /\w/;
/** The prepositions that put a place after them ("in Paris", "called Springfield"). */
const PLACE_PREPOSITIONS = new Set(['in', 'for', 'at', 'from', 'to', 'near', 'of', 'named', 'called']);
const LONGEST_PREPOSITION = Math.max(...[...PLACE_PREPOSITIONS].map((p) => p.length));

/** The index of the last non-whitespace character before `at`, or -1. */
function lastNonSpace(text: string, at: number): number {
  let i = at - 1;
  while (i >= 0 && WHITESPACE.test(text[i]!)) i--;
  return i;
}

/** True at the start of the text or of a sentence (after `.`, `!` or `?` and any whitespace). */
export function opensSentence(text: string, at: number): boolean {
  const i = lastNonSpace(text, at);
  return i < 0 || '.!?'.includes(text[i]!);
}

/**
 * True after a place preposition and any whitespace. The preposition must be a whole word in the
 * ASCII sense of `\b`, so the backward walk stops one character past the longest preposition.
 */
export function followsPlacePreposition(text: string, at: number): boolean {
  const end = lastNonSpace(text, at) + 1;
  let start = end;
  while (start > 0 && end - start <= LONGEST_PREPOSITION && ASCII_WORD.test(text[start - 1]!)) start--;
  return PLACE_PREPOSITIONS.has(text.slice(start, end).toLowerCase());
}
