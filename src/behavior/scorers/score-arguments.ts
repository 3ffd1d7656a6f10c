/** The typed per-argument diff of one tool call against its expected arguments. */

import type { ArgExpectation, MatchMode } from '../types.js';
import { matchArgument } from './match-argument.js';

export interface ArgIssue {
  argument: string;
  kind: 'missing' | 'unexpected' | 'wrong_value' | 'wrong_type';
  /** The match mode the argument was judged in; absent for `unexpected` (nothing was expected). */
  mode?: MatchMode;
  /** What was expected: the value, the acceptable values (one_of) or the pattern (regex). */
  expected?: unknown;
  actual?: unknown;
}

export interface ArgumentsScore {
  ok: boolean;
  issues: ArgIssue[];
}

/** The part of an expectation a message shows as "expected". */
function expectedShown(expectation: ArgExpectation): unknown {
  if (expectation.mode === 'one_of') return expectation.values;
  if (expectation.mode === 'regex') return expectation.pattern;
  return expectation.value;
}

/**
 * Every expected argument must be present and match, except `ignore` ones, which may be absent.
 * Arguments the case does not mention are reported as `unexpected` but do not fail the score:
 * models routinely pass optional arguments (units, limit) with their defaults, which is not wrong.
 * A case that cares about an argument names it.
 */
export function scoreArguments(expected: Record<string, ArgExpectation>, actual: Record<string, unknown>): ArgumentsScore {
  const issues: ArgIssue[] = [];
  for (const [argument, expectation] of Object.entries(expected)) {
    if (expectation.mode === 'ignore') continue;
    const shown = expectedShown(expectation);
    if (!Object.hasOwn(actual, argument) || actual[argument] === undefined) {
      issues.push({ argument, kind: 'missing', mode: expectation.mode, expected: shown });
      continue;
    }
    const match = matchArgument(expectation, actual[argument]);
    if (!match.ok)
      issues.push({ argument, kind: match.kind ?? 'wrong_value', mode: expectation.mode, expected: shown, actual: actual[argument] });
  }
  for (const [argument, value] of Object.entries(actual)) {
    if (!Object.hasOwn(expected, argument)) issues.push({ argument, kind: 'unexpected', actual: value });
  }
  return { ok: issues.every((issue) => issue.kind === 'unexpected'), issues };
}
