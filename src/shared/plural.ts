/** A count and its noun, the noun in the plural unless the count is one: `1 check`, `3 checks`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
