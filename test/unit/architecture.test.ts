import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layerViolations } from '../helpers/layers.js';

describe('the layer map of src/', () => {
  it('every import points down the map, nothing imports the CLI, and there is no cycle', () => {
    const violations = layerViolations(new URL('../../src', import.meta.url).pathname);
    expect(violations.map((v) => `${v.rule}: ${v.from} -> ${v.to}`)).toEqual([]);
  });
});

describe('the layer checker itself', () => {
  const root = mkdtempSync(join(tmpdir(), 'mcpgate-layers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('shared/text.ts', "export const text = 'x';\n");
  write('report/model.ts', "import { text } from '../shared/text.js';\nexport type Model = typeof text;\n");
  write('conformance/check.ts', "import type { Model } from '../report/model.js';\nexport const check = (m: Model) => m;\n");
  write('report/leak.ts', "import { check } from '../conformance/check.js';\nexport const leak = check;\n");
  write('gate/side.ts', "export const side = await import('../conformance/check.js');\n");
  write('pipeline/run.ts', "import { main } from '../cli/main.js';\nexport const run = main;\n");
  write('cli/main.ts', 'export const main = 1;\n');
  write(
    'view/page.ts',
    "import { check } from '../conformance/check.js';\nimport { text } from '../shared/text.js';\nexport const page = [check, text];\n",
  );
  write('spec/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
  write('spec/b.ts', "import { a } from './a.js';\nexport const b = a;\n");

  const found = layerViolations(root);
  const rules = (rule: string) => found.filter((v) => v.rule === rule).map((v) => `${v.from} -> ${v.to}`);

  it('fails an upward import, also a type-only one through a lower room', () => {
    expect(rules('upward')).toEqual(['report/leak.ts -> conformance/check.ts']);
  });
  it('fails a dynamic import between rooms of one rank', () => {
    expect(rules('sideways')).toEqual(['gate/side.ts -> conformance/check.ts']);
  });
  it('fails any import of the CLI', () => {
    expect(rules('imports-cli')).toEqual(['pipeline/run.ts -> cli/main.ts']);
  });
  it('fails an import of a layer by a room that may read reports and the history only, though it points down', () => {
    expect(rules('not-allowed')).toEqual(['view/page.ts -> conformance/check.ts']);
  });
  it('fails an import cycle, even inside one room', () => {
    expect(rules('cycle')).toEqual(['spec/a.ts -> spec/b.ts']);
  });
  it('passes the imports that point down', () => {
    expect(found.some((v) => v.from === 'conformance/check.ts' || v.from === 'report/model.ts')).toBe(false);
  });
});
