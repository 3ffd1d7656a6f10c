/** describeKeys: every key of a file with its path, what it takes and what it is for, which the reference pages are made from. */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { USER_FILES } from '../../../../src/pipeline/user-files.js';
import { describeKeys } from '../../../../src/shared/user-files/describe-keys.js';
import { documented } from '../../../../src/shared/user-files/key-docs.js';

describe('describeKeys', () => {
  it('lists nested keys, list items and the entries of a mapping of names, each once, with its docs', () => {
    const Tool = z.strictObject({ name: documented(z.string(), 'a tool name', 'the tool') });
    const schema = z.union([
      z.strictObject({
        tools: documented(z.array(Tool), 'a list of tools', 'the tools'),
        limits: documented(
          z.record(
            z.string(),
            documented(z.strictObject({ max: documented(z.int().optional(), 'an integer', 'the cap') }), 'a mapping', 'one limit'),
          ),
          'a mapping of limit names',
          'the limits',
          'limit',
        ),
        env: documented(z.record(z.string(), z.string()).optional(), 'a mapping of names to strings', 'variables'),
      }),
      z.array(Tool),
    ]);
    expect(describeKeys(schema)).toEqual([
      { path: 'tools', expected: 'a list of tools', doc: 'the tools', required: true },
      { path: 'tools[].name', expected: 'a tool name', doc: 'the tool', required: true },
      { path: 'limits', expected: 'a mapping of limit names', doc: 'the limits', required: true },
      { path: 'limits.<limit>', expected: 'a mapping', doc: 'one limit', required: false },
      { path: 'limits.<limit>.max', expected: 'an integer', doc: 'the cap', required: false },
      { path: 'env', expected: 'a mapping of names to strings', doc: 'variables', required: false },
    ]);
  });

  it('refuses a key declared without docs, naming it', () => {
    const schema = z.strictObject({ server: documented(z.strictObject({ url: z.string() }), 'a mapping', 'the server') });
    expect(() => describeKeys(schema)).toThrow('the key server.url has no docs: declare it with documented()');
  });

  it('documents every key of every file a user writes', () => {
    const sample: Record<string, string> = {
      mcpgate: 'eval.runs',
      golden: 'cases[].expect_args.<argument>.match',
      faults: 'scenarios[].fault',
      descriptions: '<tool>.parameters.<parameter>',
      prices: 'prices.<model>.input',
      pins: 'tools.<tool>.fields.<part>',
    };
    for (const file of USER_FILES) {
      const keys = describeKeys(file.schema);
      expect(
        keys.map((key) => key.path),
        file.name,
      ).toContain(sample[file.name]);
      for (const key of keys) expect(key.doc.length * key.expected.length, `${file.name}: ${key.path}`).toBeGreaterThan(0);
    }
  });
});
