/** "Did you mean" suggestions for misspelt keys and tool names. */

/** Edit distance (insert, delete, substitute, swap adjacent), so `expect_tol` and `exepct_tool` both find `expect_tool`. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest candidate, if it is close enough to be a plausible typo: within a third of the
 * word's length (at least 2 edits), or a prefix/extension of it (`expect` -> `expect_tool`).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  const budget = Math.max(2, Math.floor(best.candidate.length / 3));
  if (best.distance <= budget) return best.candidate;
  const prefixMatch = candidates.find((candidate) => lower.length >= 4 && candidate.toLowerCase().startsWith(lower));
  return prefixMatch;
}

/** ` (did you mean "x"?)`-style hint text, or a list of what is allowed when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closest(word, candidates);
  return match ? `did you mean "${match}"?` : `expected one of: ${candidates.join(', ')}`;
}
