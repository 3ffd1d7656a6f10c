/**
 * Strings that match a server's `pattern`, generated from the parsed pattern (regex-parse.ts) without
 * search, and proven by the linear-time engine (src/shared/linear-regexp.ts) before use: the server's
 * regexes are hostile input and never run on a backtracking engine. Variant n picks, at the n-th
 * combination of choice points (alternatives, characters of a class, extra repeats), another string,
 * so callers can ask for several distinct matches.
 */

import { compileLinear } from '../../shared/linear-regexp.js';
import { MAX_SAMPLE_STRING_CHARS } from './limits.js';
import { complement, type Range } from './regex-classes.js';
import { parsePattern, type RegexNode } from './regex-parse.js';
import { assertNever } from '../../shared/guards.js';

/** Characters tried for a class, most readable first; a class outside ASCII adds its own first characters. */
const PREFERRED: readonly number[] = [
  ...codes('a', 'z'),
  ...codes('A', 'Z'),
  ...codes('0', '9'),
  ...Array.from('_-. @:/').map((c) => c.codePointAt(0)!),
  ...codes('!', '~'),
];
const MAX_CHARS_PER_CLASS = 64;
/** Extra repetitions an unbounded quantifier offers as a choice, beyond its minimum. */
const EXTRA_REPEATS = 3;
/** Nodes emitted for one string: `(){100000000}` emits nothing a hundred million times. */
const MAX_STEPS = 100_000;

function codes(from: string, to: string): number[] {
  const out: number[] = [];
  for (let c = from.codePointAt(0)!; c <= to.codePointAt(0)!; c++) out.push(c);
  return out;
}

export type PatternOutcome = { ok: true; value: string } | { ok: false; why: string };

export interface PatternRequest {
  minLength: number;
  maxLength: number;
  variant: number;
  /** Whether a candidate is acceptable beyond matching `source` and the lengths (other patterns, a format). */
  accepts(value: string): boolean;
}

export function matchingString(source: string, request: PatternRequest): PatternOutcome {
  const parsed = parsePattern(source);
  if (!parsed.ok) return { ok: false, why: parsed.why };
  const linear = compileLinear(source);
  if (!linear.ok) return { ok: false, why: `mcpgate's linear-time engine cannot run it (${linear.reason})` };
  const shortest = minLength(parsed.ast);
  if (shortest > Math.min(request.maxLength, MAX_SAMPLE_STRING_CHARS))
    return {
      ok: false,
      why:
        shortest === Infinity
          ? 'it contains a character class that matches no character'
          : `its shortest match has ${shortest} characters, above ${request.maxLength < MAX_SAMPLE_STRING_CHARS ? `maxLength ${request.maxLength}` : `the ${MAX_SAMPLE_STRING_CHARS} mcpgate generates`}`,
    };
  const fits = (value: string): boolean => {
    const length = codePointLength(value);
    return length >= request.minLength && length <= request.maxLength && linear.re.test(value) && request.accepts(value);
  };
  let exists = false;
  for (const mode of ['first', 'shortest'] as const) {
    const value = generate(parsed.ast, request.variant, request.minLength, mode === 'shortest');
    if (value === undefined) continue;
    exists = true;
    if (fits(value)) return { ok: true, value };
    const missing = request.minLength - codePointLength(value);
    if (missing > 0 && missing <= MAX_SAMPLE_STRING_CHARS) {
      const pad = 'x'.repeat(missing);
      for (const padded of [value + pad, pad + value]) if (fits(padded)) return { ok: true, value: padded };
    }
  }
  return { ok: false, why: exists ? 'no generated string met it together with the other constraints' : 'it has no further distinct match' };
}

function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

const shortestCache = new WeakMap<RegexNode, number>();

function minLength(node: RegexNode): number {
  const cached = shortestCache.get(node);
  if (cached !== undefined) return cached;
  let length: number;
  switch (node.kind) {
    case 'seq':
      length = node.items.reduce((sum, item) => sum + minLength(item), 0);
      break;
    case 'alt':
      length = Math.min(...node.options.map(minLength));
      break;
    case 'set':
      length = classChoices(node).length === 0 ? Infinity : 1;
      break;
    case 'assert':
      length = 0;
      break;
    case 'repeat':
      length = node.min === 0 ? 0 : node.min * minLength(node.body);
      break;
    default:
      assertNever(node, 'regex node');
  }
  shortestCache.set(node, length);
  return length;
}

const choiceCache = new WeakMap<RegexNode, number[]>();

function classChoices(node: Extract<RegexNode, { kind: 'set' }>): number[] {
  const cached = choiceCache.get(node);
  if (cached) return cached;
  const included: readonly Range[] = node.negated ? complement(node.ranges) : node.ranges;
  const inside = (c: number): boolean => included.some(([lo, hi]) => c >= lo && c <= hi);
  const out: number[] = [];
  for (const c of PREFERRED) if (out.length < MAX_CHARS_PER_CLASS && inside(c)) out.push(c);
  for (const [lo, hi] of included) {
    for (let c = lo; c <= hi && c <= lo + MAX_CHARS_PER_CLASS && out.length < MAX_CHARS_PER_CLASS; c++)
      if (!out.includes(c) && !(c >= 0xd800 && c <= 0xdfff)) out.push(c);
  }
  choiceCache.set(node, out);
  return out;
}

interface State {
  /** The variant, consumed as a mixed-radix number, one digit per choice point met. */
  digits: number;
  /** The length the string should reach, by repeating more than the minimum where a quantifier allows. */
  target: number;
  shortest: boolean;
  out: string[];
  length: number;
  steps: number;
}

/** The string for `variant`, or undefined when the pattern has fewer distinct strings or one would be too long. */
function generate(ast: RegexNode, variant: number, target: number, shortest: boolean): string | undefined {
  const state: State = { digits: variant, target, shortest, out: [], length: 0, steps: 0 };
  if (!emit(ast, state) || state.digits > 0) return undefined;
  return state.out.join('');
}

function pick(state: State, radix: number): number {
  const digit = state.digits % radix;
  state.digits = Math.floor(state.digits / radix);
  return digit;
}

function emit(node: RegexNode, state: State): boolean {
  if (state.length > MAX_SAMPLE_STRING_CHARS || ++state.steps > MAX_STEPS) return false;
  switch (node.kind) {
    case 'seq':
      return node.items.every((item) => emit(item, state));
    case 'alt': {
      if (state.shortest) {
        const lengths = node.options.map(minLength);
        return emit(node.options[lengths.indexOf(Math.min(...lengths))]!, state);
      }
      return emit(node.options[pick(state, node.options.length)]!, state);
    }
    case 'set': {
      const choices = classChoices(node);
      if (choices.length === 0) return false;
      state.out.push(String.fromCodePoint(choices[pick(state, choices.length)]!));
      state.length++;
      return true;
    }
    case 'assert':
      return true;
    case 'repeat': {
      let count = 0;
      for (; count < node.min; count++) if (!emit(node.body, state)) return false;
      const extra = Math.min(node.max - node.min, EXTRA_REPEATS);
      const wanted = extra > 0 && !state.shortest ? pick(state, extra + 1) : 0;
      for (let i = 0; i < wanted; i++, count++) if (!emit(node.body, state)) return false;
      while (state.length < state.target && count < node.max) {
        const before = state.length;
        if (!emit(node.body, state)) return false;
        count++;
        if (state.length === before) break;
      }
      return true;
    }
    default:
      return assertNever(node, 'regex node');
  }
}
