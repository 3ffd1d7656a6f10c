/**
 * `npm run docs`: writes the generated reference pages under docs/reference/ from the flag tables,
 * the configuration and file schemas and the check registries. Edit those, never the pages.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referencePages } from '../src/cli/reference/pages.js';

const root = join(import.meta.dirname, '..', '..');
const dir = join(root, 'docs', 'reference');
mkdirSync(dir, { recursive: true });
for (const [name, text] of Object.entries(await referencePages())) {
  writeFileSync(join(dir, name), text);
  process.stdout.write(`wrote docs/reference/${name}\n`);
}
