/**
 * The regular-expression engine for patterns a server supplies (`pattern`, `patternProperties` in its
 * tool schemas), handed to Ajv as `code.regExp`. JavaScript's backtracking engine takes exponential
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
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // Ajv keys its cache of compiled patterns by toString(), so each pattern needs its own.
    return { test: (input: string) => re.test(input), toString: () => `/${pattern}/re2` };
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    collecting?.set(pattern, reason);
    return { test: () => true, toString: () => `/${pattern}/unchecked` };
  }
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
