/** JsonEndScanner: where a JSON body's top-level value closes, found byte by byte without parsing. */

import { describe, expect, it } from 'vitest';
import { JsonEndScanner } from '../../../src/wire/json-end.js';

/** The index of each chunk on which the scanner said "whole". */
function closings(chunks: Uint8Array[]): number[] {
  const scanner = new JsonEndScanner();
  return chunks.flatMap((chunk, index) => (scanner.push(chunk) ? [index] : []));
}

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Braces, brackets, quotes and backslashes inside strings; a backslash escaping a backslash before a closing quote; multi-byte UTF-8. */
const TRICKY = `  {"jsonrpc":"2.0","id":"}]","result":{"a":"x}\\"}","b":["]",{"c":"\\\\"},[]],"d":"café ☕ 𝄞 {"}}\n`;

describe('JsonEndScanner', () => {
  it('the tricky body is valid JSON whose value ends just before its last byte', () => {
    expect(() => JSON.parse(TRICKY) as unknown).not.toThrow();
    expect(TRICKY.trimEnd().endsWith('}')).toBe(true);
  });

  it('says whole exactly once, on the chunk holding the closing byte, wherever the body is split in two', () => {
    const body = bytes(TRICKY);
    const closing = body.length - 2; // the final '}' (a newline follows it)
    for (let cut = 1; cut < body.length; cut++) {
      const expected = cut > closing ? 0 : 1;
      expect(closings([body.subarray(0, cut), body.subarray(cut)]), `cut at byte ${cut}`).toEqual([expected]);
    }
  });

  it('says whole on the last significant byte when every byte is a chunk of its own', () => {
    const body = bytes(TRICKY);
    expect(closings([...body].map((byte) => Uint8Array.of(byte)))).toEqual([body.length - 2]);
  });

  it('does not take a chunk that ends in } or ] for the end while the value is still open', () => {
    for (const parts of [
      ['{"jsonrpc":"2.0","id":1,"result":{"a":{}}', '}'],
      ['[{"jsonrpc":"2.0","id":1,"result":{}}', ',{"jsonrpc":"2.0","method":"x"}]'],
      ['{"a":"}', '"}'],
      ['{"a":"\\"}', '"}'],
    ]) {
      expect(closings(parts.map(bytes)), parts.join('|')).toEqual([1]);
    }
  });

  it('never says whole for a body that is not one object or array', () => {
    for (const text of ['123', '"{}"', '\ufeff{}', '{"a":1} {"b":2}', '{"a":1}x', 'null']) {
      expect(closings([bytes(text)]), text).toEqual([]);
    }
  });

  it('says nothing more after the end: trailing whitespace is not a second end', () => {
    expect(closings([bytes('{}'), bytes('  \r\n\t')])).toEqual([0]);
    expect(closings([bytes('[[]]'), bytes(' x')])).toEqual([0]);
  });
});
