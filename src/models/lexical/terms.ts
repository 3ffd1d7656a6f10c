/**
 * Text to index terms for the lexical baseline: identifiers split (snake_case, camelCase), lowercase,
 * words only (numbers are argument material, not topic), a small stop list, and a light suffix
 * stripper so "invoices" meets "invoice" and "issued" meets "issue". Deliberately crude: the
 * baseline is the floor a model should beat, and a predictable one.
 */

const STOP_WORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for from with without into onto over under about as ' +
    'is are was were be been being am do does did doing have has had having ' +
    'i me my mine we us our you your yours he she it its they them their this that these those there here ' +
    'what which who whom whose when where why how can could would should will shall may might must ' +
    'please hi hello hey thanks thank ok okay yes no not just also very so some any all each every one ' +
    'more most other such only own same than too again now tell show give get let need want like know ' +
    'use instead example such'
  ).split(' '),
);

/** Words of a text or identifier, lowercase, in order. */
export function words(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Index terms of a text: words minus stop words, numbers and single letters, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\p{N}+$/u.test(w))
    .map(stem);
}

/**
 * Terms of a prompt. An email address or ISO date stands for the word "email" or "date" (that one
 * is present says more about the tool wanted than its letters do), and a negated word for itself:
 * "unpaid invoices" are found by a status filter that knows "paid".
 */
export function queryTerms(prompt: string): string[] {
  const typed = prompt.replace(EMAIL, ' email ').replace(ISO_DATE, ' date ');
  return terms(typed).map((t) => (/^un\p{L}{4,}$/u.test(t) ? t.slice(2) : t));
}

export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
export const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase());
}

/** Plural -s/-es/-ies, -ing, -ed, then a final -e, so the inflections of one word share a stem. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
