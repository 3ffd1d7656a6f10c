/**
 * The regular-expression engine for patterns a server supplies (`pattern`, `patternProperties` in its
 * tool schemas): handed to Ajv as `code.regExp` by the conformance checks, and used by the lexical
 * baseline model to find ids shaped like a schema's pattern (`findAllLinear`). JavaScript's backtracking engine takes exponential
 * time on patterns such as `^(a|a)*$`, and a validation runs on the main thread, where it would stall
 * every timer; RE2 (re2js) runs in time linear in the input.
 *
 * RE2 has no backreferences or lookaround, and caps repeat counts at 1000. Such a pattern cannot be
 * checked: it matches everything, and the compile that met it lists it as unchecked, so the check
 * can say so instead of failing the server for mcpgate's limit.
 */

import { RE2JS } from 're2js';

export interface UncheckedPattern {
  pattern: string;
  reason: string;
}

interface RegExpLike {
  test(input: string): boolean;
  toString(): string;
}

/** Ajv's RegExpEngine: a factory with a `code` name (used only for standalone code, which mcpgate never emits). */
export interface LinearRegExpEngine {
  (pattern: string, flags: string): RegExpLike;
  code: string;
}

/** Pattern -> reason, for the compile under way; a map since Ajv inlines a $ref'd subschema at every use. */
let collecting: Map<string, string> | undefined;

function compile(pattern: string): RegExpLike {
  const linear = compileLinear(pattern);
  if (linear.ok) {
    const re = linear.re;
    // Ajv keys its cache of compiled patterns by toString(), so each pattern needs its own.
    return { test: (input: string) => re.test(input), toString: () => `/${pattern}/re2` };
  }
  collecting?.set(pattern, linear.reason);
  return { test: () => true, toString: () => `/${pattern}/unchecked` };
}

export const linearRegExp: LinearRegExpEngine = Object.assign((pattern: string) => compile(pattern), { code: 'mcpgate-linear-regexp' });

/** Runs a (synchronous) schema compile and returns what it produced with the patterns it could not check. */
export function collectingUnchecked<T>(run: () => T): { value: T; unchecked: UncheckedPattern[] } {
  const found = new Map<string, string>();
  collecting = found;
  try {
    const value = run();
    return { value, unchecked: [...found].map(([pattern, reason]) => ({ pattern, reason })) };
  } finally {
    collecting = undefined;
  }
}

type LinearOutcome = { ok: true; re: RE2JS } | { ok: false; reason: string };

/**
 * Compiled patterns by their text: a run compiles a tool's schemas in several checks, tools repeat
 * patterns, and the lexical baseline looks for a schema's id shape in every prompt of a run. A
 * compiled RE2JS is only read (each search makes its own matcher). Bounded, because the patterns come
 * from the server.
 */
const compiledPatterns = new Map<string, LinearOutcome>();
const MAX_COMPILED_PATTERNS = 256;
const MAX_PATTERN_KEY_CHARS = 4_096;

/** A server's pattern compiled for RE2, or why RE2 cannot run it. */
export function compileLinear(pattern: string): LinearOutcome {
  const cached = compiledPatterns.get(pattern);
  if (cached !== undefined) return cached;
  let outcome: LinearOutcome;
  try {
    outcome = { ok: true, re: RE2JS.compile(RE2JS.translateRegExp(pattern)) };
  } catch (error) {
    outcome = { ok: false, reason: (error as Error).message.replace(/^error parsing regexp: /, '') };
  }
  if (pattern.length <= MAX_PATTERN_KEY_CHARS && compiledPatterns.size < MAX_COMPILED_PATTERNS) compiledPatterns.set(pattern, outcome);
  return outcome;
}

export interface LinearMatch {
  start: number;
  end: number;
  text: string;
}

/**
 * Every match of a server's `pattern` in `text` that stands alone: not preceded or followed by a
 * character of `edge` (a character-class body such as `\\w-`), the way `(?<![edge])(?:p)(?![edge])`
 * would find them on JavaScript's engine, but in time linear in the text (RE2 has no lookaround, so
 * the edges are matched and left out of the result). Undefined when RE2 cannot run the pattern.
 */
export function findAllLinear(pattern: string, text: string, edge: string): LinearMatch[] | undefined {
  // Compiled alone first: a pattern that is not one balanced expression (`a)(b`) must not reshape the wrapper.
  if (!compileLinear(pattern).ok) return undefined;
  const wrapped = compileLinear(`(?:^|[^${edge}])((?:${RE2JS.translateRegExp(pattern)}))(?:[^${edge}]|$)`);
  if (!wrapped.ok) return undefined;
  const matcher = wrapped.re.matcher(text);
  const found: LinearMatch[] = [];
  // The trailing edge character may open the next match, so each search starts where the last match's text ended.
  for (let from = 0; from <= text.length && matcher.find(from);) {
    const start = matcher.start(1);
    const end = matcher.end(1);
    if (end > start) found.push({ start, end, text: text.slice(start, end) });
    from = Math.max(end, matcher.start(0) + 1);
  }
  return found;
}
