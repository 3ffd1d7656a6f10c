/** Compares the tools called, in order, with an expected sequence. */

export interface SequenceScore {
  ok: boolean;
  /** Expected calls that did not happen (counted as a multiset: expecting A twice and seeing it once misses one A). */
  missing: string[];
  /** Calls beyond the expected ones, by the same multiset count. */
  extra: string[];
  /** The expected calls that were made were not made in the expected order. */
  outOfOrder: boolean;
}

/** Removes one occurrence per element of `take` from `from`, keeping order: the multiset difference. */
function multisetMinus(from: readonly string[], take: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const name of take) left.set(name, (left.get(name) ?? 0) + 1);
  return from.filter((name) => {
    const count = left.get(name) ?? 0;
    if (count === 0) return true;
    left.set(name, count - 1);
    return false;
  });
}

function longestCommonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const item of a) {
    const current = [0];
    for (let j = 1; j <= b.length; j++) current[j] = item === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * ok only when the calls equal the expected sequence exactly. Out of order means: of the expected
 * calls that were made, fewer than all of them appear in expected order (their longest common
 * subsequence with the expectation is shorter than their count), so [B, A] for [A, B] is out of
 * order while [A, X, B] is merely one extra call.
 */
export function scoreSequence(expected: string[], actual: string[]): SequenceScore {
  const missing = multisetMinus(expected, actual);
  const extra = multisetMinus(actual, expected);
  const made = expected.length - missing.length;
  const outOfOrder = longestCommonSubsequence(expected, actual) < made;
  const ok = expected.length === actual.length && expected.every((name, i) => name === actual[i]);
  return { ok, missing, extra, outOfOrder };
}
