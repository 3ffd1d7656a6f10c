/**
 * `npm run docs`: writes the generated reference pages under docs/reference/ from the flag tables,
 * the configuration and file schemas and the check registries, and the JSON Schema of every file a
 * user writes under docs/schemas/. Edit those sources, never the pages.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { referencePages } from '../src/cli/reference/pages.js';
import { publishedSchemas } from '../src/pipeline/user-files.js';

const root = join(import.meta.dirname, '..', '..');
const dir = join(root, 'docs', 'reference');
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(await referencePages())) {
  writeFileSync(join(dir, name), text);
  process.stdout.write(`wrote docs/reference/${name}\n`);
}
for (const { path, text } of publishedSchemas()) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
