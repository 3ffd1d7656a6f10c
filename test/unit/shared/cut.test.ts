import { describe, expect, it } from 'vitest';
import { cutAfter, cutToFit } from '../../../src/shared/cut.js';

describe('cutAfter', () => {
  it('keeps the first `keep` characters and marks the cut', () => {
    expect(cutAfter('abcdef', 3)).toBe('abc…');
    expect(cutAfter('abc', 3)).toBe('abc');
    expect(cutAfter('', 0)).toBe('');
  });
});

describe('cutToFit', () => {
  it('keeps the text, ellipsis included, within `max` characters', () => {
    expect(cutToFit('abcdef', 4)).toBe('abc…');
    expect(cutToFit('abcd', 4)).toBe('abcd');
    expect(cutToFit('abcde', 4)).toHaveLength(4);
  });
});
