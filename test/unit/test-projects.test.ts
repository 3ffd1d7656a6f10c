/** The projects of vitest.config.ts share module caches; this keeps the files that mock apart. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { MOCKING_FILES } from '../helpers/test-projects.js';

/** vi.mock / vi.doMock / vi.unmock calls, spelled in parts so that this file does not match itself. */
const MOCK_CALL = new RegExp(['\\bvi', '(?:mock|doMock|unmock|doUnmock)\\('].join('\\.'));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('test files that mock a module', () => {
  const mocking = testFiles(join(ROOT, 'test')).filter((file) => MOCK_CALL.test(readFileSync(join(ROOT, file), 'utf8')));

  it('are exactly the isolated ones, and all of them unit files', () => {
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
    for (const file of mocking) expect(file.startsWith('test/unit/'), file).toBe(true);
  });

  it('the pattern finds a mock call and the listed files exist', () => {
    expect(MOCK_CALL.test(['vi', "mock('../x.js')"].join('.'))).toBe(true);
    expect(MOCK_CALL.test('vi.fn()')).toBe(false);
    for (const file of MOCKING_FILES) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });
});
