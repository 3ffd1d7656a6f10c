import { describe, expect, it } from 'vitest';
import { collapseWhitespace, oneLine } from '../../../src/shared/one-line.js';

describe('oneLine', () => {
  it('joins lines with one space and keeps the spacing inside a line', () => {
    expect(oneLine('  a  b\n    c\r\n\r\nd  ')).toBe('a  b c d');
  });
  it('cuts after max characters and marks the cut', () => {
    expect(oneLine('abc\ndef', 5)).toBe('abc d…');
    expect(oneLine('abc\nde', 6)).toBe('abc de');
  });
});

describe('collapseWhitespace', () => {
  it('turns every run of whitespace, inside a line too, into one space', () => {
    expect(collapseWhitespace('  a  b\n    c\t\td  ')).toBe('a b c d');
  });
  it('cuts after max characters and marks the cut', () => {
    expect(collapseWhitespace('a   b   c', 3)).toBe('a b…');
    expect(collapseWhitespace('a   b', 3)).toBe('a b');
  });
});
