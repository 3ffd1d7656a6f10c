/**
 * The semantic match mode, deterministic and offline. It is a lexical approximation of "means the
 * same", not a judgement of meaning: it measures how many of the expected text's content words
 * appear in the actual text. Paraphrases with different words fail it; use a rubric and the LLM
 * judge when wording may vary freely.
 */

import { normalizeText } from './normalize.js';

/** Share of expected content words that must appear in the actual text. */
export const SEMANTIC_THRESHOLD = 0.6;

/** Words that carry no content in a short argument; small on purpose so it stays predictable. */
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for from by with as is are was were be been being it its this that these those ' +
    'i me my we our us you your he she they them their please can could would will shall should do does did about into'
  ).split(' '),
);

/** Crude plural folding ("invoices" meets "invoice") without a stemmer's surprises. */
function fold(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function contentWords(text: string): string[] {
  return normalizeText(text)
    .split(' ')
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .map(fold);
}

/** Fraction (0..1) of the distinct content words of `expected` found in `actual`. */
export function semanticOverlap(expected: string, actual: string): number {
  const wanted = new Set(contentWords(expected));
  // Expected text made only of stop words has nothing to contain; fall back to plain equality.
  if (wanted.size === 0) return normalizeText(expected) === normalizeText(actual) ? 1 : 0;
  const present = new Set(contentWords(actual));
  let found = 0;
  for (const word of wanted) if (present.has(word)) found++;
  return found / wanted.size;
}
