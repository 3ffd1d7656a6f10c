/**
 * Rules across keys, written as zod refinements: each says in one sentence what is wrong and what to
 * write instead, and points at the key (or value) to change. A rule runs as soon as the keys it reads
 * are sound, even when other keys of the file are not, so a file's problems all come at once.
 */

import type { z } from 'zod';
import { isRecord } from '../guards.js';
import type { PathSegment } from '../yaml/locate.js';
import { closest } from '../yaml/suggest.js';

export interface RuleProblem {
  /** Relative to the value the rule refines. */
  path: PathSegment[];
  message: string;
  fix?: string;
  /** Where the problem points: the key (the default: a key to remove or rename) or its value. */
  at?: 'key' | 'value';
  /** A path of the same file whose line the message names: ", first used on line N". */
  firstAt?: PathSegment[];
}

/** Marks a custom issue as a rule's, so its message is shown as written. */
const RULE = 'mcpgate-rule';

export function report(context: z.core.$RefinementCtx, problem: RuleProblem): void {
  const { path, message, ...params } = problem;
  context.addIssue({ code: 'custom', path, message, params: { [RULE]: true, ...params } });
}

/** The rule's problem when `issue` is one a rule reported. */
export function ruleOf(issue: z.core.$ZodIssue): Omit<RuleProblem, 'path'> | undefined {
  if (issue.code !== 'custom' || issue.params?.[RULE] !== true) return undefined;
  const { fix, at, firstAt } = issue.params;
  return { message: issue.message, fix, at, firstAt };
}

/**
 * The `when` of a refinement reading the values for which `reads(path)` holds (paths relative to the
 * refined mapping or list): it runs once the value itself and what it reads parsed, whatever else is wrong.
 */
export function whenSound(reads: (path: readonly PropertyKey[]) => boolean): { when: (payload: z.core.ParsePayload) => boolean } {
  return {
    when: (payload) =>
      (isRecord(payload.value) || Array.isArray(payload.value)) &&
      payload.issues.every((issue) => issue.continue === true || ((issue.path ?? []).length > 0 && !reads(issue.path ?? []))),
  };
}

/** Reads the named keys of the refined mapping. */
export function readsKeys(...keys: string[]): (path: readonly PropertyKey[]) => boolean {
  return (path) => keys.includes(String(path[0]));
}

/**
 * Whether the refined mapping has an unknown key that reads as a misspelling of one of `intended`: a
 * rule asking for the key then says nothing, and the typo is told once, with its suggestion.
 */
export function hasMisspelt(context: z.core.$RefinementCtx, allowed: readonly string[], ...intended: string[]): boolean {
  return context.issues.some(
    (issue) =>
      issue.code === 'unrecognized_keys' &&
      (issue.path ?? []).length === 0 &&
      issue.keys.some((key) => intended.includes(closest(key, allowed) ?? '')),
  );
}
