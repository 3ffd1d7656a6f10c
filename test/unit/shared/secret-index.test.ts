/**
 * The index of registered secrets finds exactly what a search for each value in turn finds, with a
 * few values (the engine's substring search) and with thousands (the hashing pass): at the start
 * and the end of a text, overlapping, sharing a long prefix as one issuer's JWTs do, and inside
 * JSON escapes through redact. Its speed is measured by bench/redact-tokens.ts, not here.
 */

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskRanges, SecretIndex } from '../../../src/shared/secret-index.js';
import { redact, registerSecret, REDACTED } from '../../../src/shared/redact.js';

/** Every occurrence of every value, one value at a time: what the index must agree with. */
function searchedOneByOne(values: readonly string[], text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (const value of values)
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) found.push([at, at + value.length]);
  return found;
}

function masked(index: SecretIndex, text: string): string {
  return maskRanges(text, index.find(text), '#');
}

const sharedHeader = 'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCJ9';
const jwtLike = (): string => `${sharedHeader}.${randomBytes(48).toString('base64url')}.${randomBytes(24).toString('base64url')}`;

describe('SecretIndex', () => {
  for (const count of [3, 5_000]) {
    it(`with ${count} values: the same stretches masked as a search for each value in turn`, () => {
      const values = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? jwtLike() : randomBytes(20).toString('base64url')));
      const index = new SecretIndex();
      for (const value of values) index.add(value);
      const [first, second, last] = [values[0]!, values[1 % count]!, values[count - 1]!];
      const text = `${first} and "${second}${second}" then ${sharedHeader}.not-a-token, ${last.slice(0, -1)}! ${last}`;
      const expected = maskRanges(
        text,
        searchedOneByOne(values, text).sort((a, b) => a[0] - b[0]),
        '#',
      );
      expect(masked(index, text)).toBe(expected);
      expect(expected).toBe(`# and "##" then ${sharedHeader}.not-a-token, ${last.slice(0, -1)}! #`);
    });
  }

  it('masks a value that contains another whole, and overlapping values as one stretch', () => {
    const index = new SecretIndex();
    for (const value of ['abcdef', 'cdefgh', 'bcde']) index.add(value);
    expect(masked(index, 'xabcdefghy')).toBe('x#y');
    expect(masked(index, 'zbcdez')).toBe('z#z');
  });

  it('ignores values shorter than its anchor, and finds nothing before anything is added', () => {
    const index = new SecretIndex();
    expect(index.find('anything at all')).toEqual([]);
    index.add('abc');
    expect(index.size).toBe(0);
  });
});

describe('redact with thousands of registered tokens', () => {
  it('masks an early token, raw, base64 and JSON-escaped, after thousands more were registered, and keeps a near miss', () => {
    // Opaque, so no credential pattern masks it: only its registration can.
    const early = `tok${randomBytes(24).toString('hex')}`;
    registerSecret(early);
    for (let i = 0; i < 2_000; i++) registerSecret(i % 2 === 0 ? jwtLike() : randomBytes(24).toString('base64url'));
    const escaped = [...early].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const nearMiss = early.slice(0, -1);
    const text = `raw ${early}; base64 ${Buffer.from(early).toString('base64')}; escaped "${escaped}"; near ${nearMiss}`;
    expect(redact(text)).toBe(`raw ${REDACTED}; base64 ${REDACTED}; escaped "${REDACTED}"; near ${nearMiss}`);
  });
});
