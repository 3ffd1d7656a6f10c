/** Report files are written whole or not at all: a temporary file renamed into place. */

import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { usageError } from './input-error.js';

export function writeFileAtomic(file: string, content: string): void {
  const target = resolve(file);
  try {
    mkdirSync(dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, content);
    renameSync(temp, target);
  } catch (error) {
    throw usageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
