/**
 * The history's one way to write a file: a temporary file hard-linked into place. The link is atomic
 * and fails rather than replace an existing file, so nothing recorded is ever rewritten.
 */

import { linkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** False when the file already existed: it is left as it was. */
export function writeOnce(file: string, content: string | Buffer): boolean {
  const temp = join(dirname(file), `.${process.pid}.${Date.now()}.tmp`);
  writeFileSync(temp, content);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}
