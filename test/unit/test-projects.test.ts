/** The projects of vitest.config.ts share module caches; this keeps the files that leave state behind apart. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { ISOLATED_FILES, STATEFUL_MODEL_MODULES } from '../helpers/test-projects.js';

/** vi.mock / vi.doMock / vi.unmock calls, spelled in parts so that this file does not match itself. */
const MOCK_CALL = new RegExp(['\\bvi', '(?:mock|doMock|unmock|doUnmock)\\('].join('\\.'));
/** An import of one of the model layer's stateful modules. */
const STATEFUL_IMPORT = new RegExp(`src/models/(?:${STATEFUL_MODEL_MODULES.join('|')})\\.js['"]`);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('test files that need a module cache of their own', () => {
  const files = testFiles(join(ROOT, 'test')).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  const mocking = files.filter(({ text }) => MOCK_CALL.test(text)).map(({ file }) => file);
  const stateful = files.filter(({ file, text }) => file.startsWith('test/unit/') && STATEFUL_IMPORT.test(text)).map(({ file }) => file);

  it('are exactly the isolated ones: the files that mock a module and the unit files that import the stateful model modules', () => {
    expect([...new Set([...mocking, ...stateful])].sort()).toEqual([...ISOLATED_FILES].sort());
    for (const file of mocking) expect(file.startsWith('test/unit/'), `${file} mocks a module, which only a unit file may do`).toBe(true);
  });

  it('the patterns find what they look for, and the listed files exist', () => {
    expect(MOCK_CALL.test(['vi', "mock('../x.js')"].join('.'))).toBe(true);
    expect(MOCK_CALL.test('vi.fn()')).toBe(false);
    const importOf = (module: string): string => `import { x } from '../../../src/${['models', module].join('/')}.js';`;
    expect(STATEFUL_IMPORT.test(importOf('registry'))).toBe(true);
    expect(STATEFUL_IMPORT.test(importOf('types'))).toBe(false);
    for (const file of ISOLATED_FILES) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });
});
