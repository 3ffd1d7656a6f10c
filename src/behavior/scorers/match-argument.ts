/** Compares one argument the model passed with its expectation, in the expectation's match mode. */

import type { ArgExpectation } from '../types.js';
import { deepEqual, normalizedLeafEqual, valueType } from './normalize.js';
import { compilePattern } from './pattern.js';
import { SEMANTIC_THRESHOLD, semanticOverlap } from './semantic.js';
import { assertNever } from '../../shared/guards.js';

export type ArgMismatch = 'wrong_value' | 'wrong_type';

export interface ArgMatch {
  ok: boolean;
  kind?: ArgMismatch;
}

const OK: ArgMatch = { ok: true };

/** A mismatch is a wrong type when the JSON types differ (3 vs "3"), else a wrong value. */
function mismatch(expected: unknown, actual: unknown): ArgMatch {
  return { ok: false, kind: valueType(expected) === valueType(actual) ? 'wrong_value' : 'wrong_type' };
}

/**
 * Absence is not judged here (scoreArguments reports a missing argument); an `undefined` actual is
 * treated like any other value. An expectation with a pattern that does not compile throws: the
 * loader rejects such patterns, so reaching one is a harness error, not a model failure.
 */
export function matchArgument(expectation: ArgExpectation, actual: unknown): ArgMatch {
  switch (expectation.mode) {
    case 'ignore':
      return OK;
    case 'exact':
      return deepEqual(expectation.value, actual) ? OK : mismatch(expectation.value, actual);
    case 'normalized':
      return deepEqual(expectation.value, actual, normalizedLeafEqual) ? OK : mismatch(expectation.value, actual);
    case 'one_of': {
      const values = expectation.values ?? [];
      if (values.some((value) => deepEqual(value, actual, normalizedLeafEqual))) return OK;
      const typeSeen = values.some((value) => valueType(value) === valueType(actual));
      return { ok: false, kind: typeSeen ? 'wrong_value' : 'wrong_type' };
    }
    case 'numeric':
      return matchNumber(expectation, actual);
    case 'regex':
      if (typeof actual !== 'string') return { ok: false, kind: 'wrong_type' };
      return compilePattern(expectation.pattern ?? '').test(actual) ? OK : { ok: false, kind: 'wrong_value' };
    case 'semantic':
      if (typeof actual !== 'string') return { ok: false, kind: 'wrong_type' };
      return semanticOverlap(String(expectation.value ?? ''), actual) >= SEMANTIC_THRESHOLD ? OK : { ok: false, kind: 'wrong_value' };
    default:
      return assertNever(expectation.mode, 'match mode');
  }
}

/** Numbers only: a numeric string is a wrong type, because the schema asked for a number. */
function matchNumber(expectation: ArgExpectation, actual: unknown): ArgMatch {
  if (typeof actual !== 'number' || !Number.isFinite(actual)) return { ok: false, kind: 'wrong_type' };
  const expected = Number(expectation.value);
  const tolerance = expectation.tolerance ?? 0;
  // A relative epsilon absorbs binary rounding (0.1 + 0.2 vs 0.3) without widening a real tolerance.
  const slack = Number.EPSILON * Math.max(1, Math.abs(expected), Math.abs(actual));
  return Math.abs(actual - expected) <= tolerance + slack ? OK : { ok: false, kind: 'wrong_value' };
}
