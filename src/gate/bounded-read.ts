/**
 * Reading a file named by history data. An entry is data a CI cache or a pull request may have
 * planted, so a name it gives is never trusted as a path: it must stay inside the history directory
 * (no absolute path, no `..`, no symlink out), be a regular file (never a device or a FIFO), and be
 * read with a bounded read, so a hostile entry can neither show a file elsewhere nor exhaust memory.
 */

import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

export type BoundedRead = { bytes: Buffer } | { problem: string };

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** The real path of `name` inside `dir`, or why it is not one. */
function pathInside(dir: string, name: string): { path: string } | { problem: string } {
  if (isAbsolute(name) || name.split(/[\\/]/).includes('..'))
    return { problem: `${JSON.stringify(name)} is outside the history directory (not followed)` };
  let path: string;
  let root: string;
  try {
    root = realpathSync(dir);
    path = realpathSync(join(dir, name));
  } catch (error) {
    return { problem: `${name} cannot be read: ${errorCode(error)}` };
  }
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { problem: `${name} leads outside the history directory (not followed)` };
  return { path };
}

/** At most `maxBytes` of the regular file `name` inside `dir`. */
export function readInside(dir: string, name: string, maxBytes: number): BoundedRead {
  const where = pathInside(dir, name);
  if ('problem' in where) return where;
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO planted in the directory must not hang; fstat then refuses it.
    fd = openSync(where.path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return { problem: `${name} cannot be read: ${errorCode(error)}` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: `${name} is not a regular file` };
    if (stat.size > maxBytes) return { problem: `${name} is ${stat.size} bytes, over the limit of ${maxBytes}` };
    // One byte more than fstat said, to notice a file that grows while it is read.
    const buffer = Buffer.alloc(stat.size + 1);
    let total = 0;
    while (total < buffer.length) {
      const n = readSync(fd, buffer, total, buffer.length - total, null);
      if (n === 0) break;
      total += n;
    }
    if (total > stat.size) return { problem: `${name} changed while it was read` };
    return { bytes: buffer.subarray(0, total) };
  } catch (error) {
    return { problem: `${name} cannot be read: ${errorCode(error)}` };
  } finally {
    closeSync(fd);
  }
}
