/**
 * `npm run docs:schemas`: writes the JSON Schema of every file a user writes under docs/schemas/,
 * generated from the files' zod schemas (src/pipeline/user-files.ts). Edit those, never the schemas;
 * test/unit/pipeline/user-files.test.ts fails while a committed one differs from what this writes.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publishedSchemas } from '../src/pipeline/user-files.js';

const root = join(import.meta.dirname, '..', '..');
for (const { path, text } of publishedSchemas()) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
