/**
 * Writes the JSON Schema of every file a user writes under docs/schemas/ (`npm run docs:schemas`);
 * test/unit/pipeline/user-files.test.ts fails while a committed one differs from what this writes.
 *
 *   node dist/src/pipeline/write-user-file-schemas.js
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedSchemas } from './user-files.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
for (const { path, text } of publishedSchemas()) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  process.stdout.write(`wrote ${path}\n`);
}
