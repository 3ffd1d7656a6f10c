/**
 * The entity values of a golden set: what its cases ask about rather than what a tool does. A tool
 * description that carries them is tuned to the test ("Use it for requests such as: denver, oslo"),
 * so improve refuses such a rewrite. Found without a model, from two sources:
 * - expected argument values (strings and numbers of `expect_args`, each value of a `one_of`);
 * - the prompts: quoted strings, email addresses and URLs, codes mixing letters and digits
 *   (CUS-003), numbers of two digits or more, words in capitals (USD, ACME), and runs of capitalised
 *   words (New York, Acme Robotics). A capitalised word that starts a sentence counts only when it is
 *   also written capitalised inside a sentence somewhere in the set ("Show" is grammar, "Tokyo" is not).
 * An entity made only of stop words ("May", "US") is dropped: it would refuse ordinary prose.
 */

import { EMAIL, isStopWord, words } from '../../models/lexical/terms.js';
import type { GoldenCase } from '../types.js';

export interface GoldenEntity {
  /** As the case wrote it. */
  text: string;
  /** Its words (terms.ts `words`: lowercase, split on anything not a letter or digit), matched as a run. */
  words: string[];
  caseId: string;
  from: 'expected argument' | 'prompt';
}

const QUOTED = /"([^"\n]{2,80})"|“([^”\n]{2,80})”|(?<![\p{L}\p{N}])'([^'\n]{2,80})'(?![\p{L}\p{N}])/gu;
const URL = /https?:\/\/[^\s"'<>]+/g;
const NUMBER = /\d[\d,.]*\d|\d/g;
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const PRONOUN = /^I(?:['’](?:m|d|ll|ve))?$/;

export function goldenEntities(cases: readonly GoldenCase[]): GoldenEntity[] {
  const capitalised = capitalisedInside(cases.flatMap((c) => c.turns));
  const found = new Map<string, GoldenEntity>();
  const add = (text: string, caseId: string, from: GoldenEntity['from']): void => {
    const w = words(text);
    if (!meaningful(w)) return;
    const key = w.join(' ');
    if (!found.has(key)) found.set(key, { text: text.trim(), words: w, caseId, from });
  };
  for (const c of cases) {
    for (const expectation of Object.values(c.expectArgs))
      for (const value of [expectation.value, ...(expectation.values ?? [])])
        for (const leaf of leaves(value)) add(leaf, c.id, 'expected argument');
    for (const turn of c.turns) for (const text of promptEntities(turn, capitalised)) add(text, c.id, 'prompt');
  }
  return [...found.values()];
}

/** Whether `text` holds the entity's words as a run (so "york" alone does not match "New York"). */
export function carries(text: readonly string[], entity: readonly string[]): boolean {
  outer: for (let i = 0; i + entity.length <= text.length; i++) {
    for (let j = 0; j < entity.length; j++) if (text[i + j] !== entity[j]) continue outer;
    return true;
  }
  return false;
}

/** Not only stop words, and not one character alone (a single digit is a count, not a name). */
function meaningful(w: string[]): boolean {
  if (w.length === 0 || w.every((x) => isStopWord(x))) return false;
  return w.length > 1 || w[0]!.length >= 2;
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(leaves);
  return [];
}

/** Lowercase forms of the words written capitalised somewhere other than at a sentence's start. */
function capitalisedInside(turns: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const turn of turns)
    for (const m of turn.matchAll(TOKEN)) if (/^\p{Lu}/u.test(m[0]) && !startsSentence(turn, m.index)) out.add(m[0].toLowerCase());
  return out;
}

function startsSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).trimEnd();
  return before === '' || /[.!?:;"“(]$/.test(before);
}

function promptEntities(turn: string, capitalised: Set<string>): string[] {
  const out: string[] = [];
  for (const m of turn.matchAll(QUOTED)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  for (const m of turn.matchAll(new RegExp(EMAIL.source, 'g'))) out.push(m[0]);
  for (const m of turn.matchAll(URL)) out.push(m[0]);
  for (const m of turn.matchAll(NUMBER)) {
    const number = m[0].replace(/[.,]$/, '');
    out.push(number);
    if (number.includes(',')) out.push(number.replace(/,/g, ''));
  }
  let run: string[] = [];
  let end = -1;
  const close = (): void => {
    if (run.length > 0) out.push(run.join(' '));
    run = [];
  };
  for (const m of turn.matchAll(TOKEN)) {
    const token = m[0];
    if (/\p{L}/u.test(token) && /\p{N}/u.test(token)) out.push(token);
    const named =
      /^\p{Lu}/u.test(token) &&
      !PRONOUN.test(token) &&
      (!startsSentence(turn, m.index) || capitalised.has(token.toLowerCase()) || /^\p{Lu}{2,}$/u.test(token));
    if (named && run.length > 0 && /^\s+$/.test(turn.slice(end, m.index))) run.push(token);
    else {
      close();
      if (named) run.push(token);
    }
    end = m.index + token.length;
  }
  close();
  return out;
}
