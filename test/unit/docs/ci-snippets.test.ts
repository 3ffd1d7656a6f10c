/**
 * The CI snippets in README.md and docs/guide/ci.md stay true to what they show: every line of a
 * workflow excerpt (comments aside, which mark what was left out) is a line of the workflow
 * `mcpgate init` writes, and every input an action excerpt passes is an input of action.yml.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { workflowTemplate } from '../../../src/cli/init/workflow.js';
import { isRecord } from '../../../src/shared/guards.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const PAGES = ['README.md', 'docs/guide/ci.md'];

function yamlBlocks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

const isActionExcerpt = (block: string): boolean => /uses: OWNER\/mcpgate@/.test(block);

describe('CI snippets in the docs', () => {
  it('every line of a workflow excerpt is a line of the workflow init writes', () => {
    const workflow = new Set(workflowTemplate('0.1.0').split('\n'));
    const excerpts = PAGES.flatMap((page) =>
      yamlBlocks(page)
        .filter((b) => !isActionExcerpt(b))
        .map((b) => ({ page, block: b })),
    );
    expect(excerpts.length).toBeGreaterThan(0);
    for (const { page, block } of excerpts) {
      const lines = block.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
      for (const line of lines) expect(workflow, `${page}: ${line}`).toContain(line);
    }
  });

  it('every input an action excerpt passes is an input of action.yml', () => {
    const action: unknown = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
    const inputs = isRecord(action) && isRecord(action.inputs) ? Object.keys(action.inputs) : [];
    expect(inputs).toContain('command');
    const excerpts = PAGES.flatMap((page) =>
      yamlBlocks(page)
        .filter(isActionExcerpt)
        .map((b) => ({ page, block: b })),
    );
    expect(excerpts.length).toBeGreaterThan(0);
    for (const { page, block } of excerpts) {
      const steps: unknown = parse(block.replace(/^ {6}/gm, ''));
      const step = Array.isArray(steps) && isRecord(steps[0]) ? steps[0] : {};
      const given = isRecord(step.with) ? Object.keys(step.with) : [];
      expect(given.length, page).toBeGreaterThan(0);
      for (const input of given) expect(inputs, `${page}: with.${input}`).toContain(input);
    }
  });
});
