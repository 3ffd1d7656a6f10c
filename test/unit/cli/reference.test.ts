/**
 * The reference pages under docs/reference/ are generated (`npm run docs`) from the flag tables, the
 * schemas and the check registries; a committed page that differs from what they give now is stale.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referencePages } from '../../../src/cli/reference/pages.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';

const DIR = join(import.meta.dirname, '..', '..', '..', 'docs', 'reference');

describe('docs/reference', () => {
  it('every generated page is committed as generated (run `npm run docs` after changing a flag, key or check)', async () => {
    const pages = await referencePages();
    expect(Object.keys(pages).length).toBeGreaterThanOrEqual(2);
    for (const [name, text] of Object.entries(pages)) expect(readFileSync(join(DIR, name), 'utf8'), name).toBe(text);
  });

  it('lists every flag of every command and every check id', async () => {
    const pages = await referencePages();
    for (const flag of ['--max-list-bytes <n>', '--proposal-rounds <n>', '--history <dir>', '--no-color', '--max-run-sampling-calls <n>']) {
      expect(pages['cli.md'], flag).toContain(`\`${flag}\``);
    }
    expect(pages['cli.md']).toContain('## mcpgate golden draft');
    for (const check of ALL_CHECKS) expect(pages['checks.md'], check.id).toContain(`\`${check.id}\``);
  });

  it('has a page for mcpgate.yaml and for every other file a user writes, each listing its keys', async () => {
    const pages = await referencePages();
    expect(pages['config.md']).toContain('| `check.max_calls` |');
    expect(pages['golden-file.md']).toContain('| `cases[].expect_args.<argument>.match` | yes |');
    for (const name of ['faults-file.md', 'descriptions-file.md', 'prices-file.md', 'pins-file.md'])
      expect(pages[name], name).toMatch(/^\| `/m);
  });

  it('escapes a pipe inside a table cell, so a flag like --proposer <lexical|provider:model> keeps its row', async () => {
    const row = (await referencePages())['cli.md']!.split('\n').find((line) => line.startsWith('| `--proposer'))!;
    expect(row).toContain('lexical\\|provider:model');
    expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });
});
