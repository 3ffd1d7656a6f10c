/**
 * A report written in parts (writeFileAtomic with an iterable) is the same file as its text written
 * whole, and a renderer that fails half-way leaves what was there before, and no temporary file.
 */

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/shared/files.js';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'mcpgate-test-'));

describe('writeFileAtomic with a text in parts', () => {
  it('writes the parts joined, across several batches, multi-byte characters included', () => {
    const file = join(tempDir(), 'report.json');
    const parts = Array.from({ length: 5_000 }, (_, i) => `part ${i} São Paulo … \u{1f600}\n`);
    writeFileAtomic(file, parts);
    expect(readFileSync(file, 'utf8')).toBe(parts.join(''));
  });

  it('leaves the previous file and no temporary file when the parts fail half-way', () => {
    const dir = tempDir();
    const file = join(dir, 'report.json');
    writeFileSync(file, 'the previous report\n');
    function* failing(): Generator<string> {
      yield 'x'.repeat(200_000);
      throw new Error('renderer failed');
    }
    expect(() => writeFileAtomic(file, failing())).toThrow(/renderer failed/);
    expect(readFileSync(file, 'utf8')).toBe('the previous report\n');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});
