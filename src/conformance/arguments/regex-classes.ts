/** Character classes of ECMAScript patterns as code-point ranges: the escapes `\d \w \s`, `.`, and complements. */

export type Range = readonly [number, number];

export const MAX_CODE_POINT = 0x10ffff;

const DIGIT: Range[] = [[48, 57]];
const WORD: Range[] = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: Range[] = [
  [9, 13],
  [32, 32],
  [160, 160],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
export const LINE_TERMINATORS: Range[] = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];
export const CLASS_ESCAPES: Record<string, { ranges: Range[]; negated: boolean }> = {
  d: { ranges: DIGIT, negated: false },
  D: { ranges: DIGIT, negated: true },
  w: { ranges: WORD, negated: false },
  W: { ranges: WORD, negated: true },
  s: { ranges: SPACE, negated: false },
  S: { ranges: SPACE, negated: true },
};

/** Every code point outside the ranges, as ranges: what a negated class matches. */
export function complement(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
