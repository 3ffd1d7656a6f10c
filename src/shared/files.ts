/**
 * The one way mcpgate reads and writes its files.
 *
 * Reading: a path may name anything, a FIFO (which blocks `open` until a writer comes, in a thread
 * no signal reaches), a device that never ends (/dev/zero), or a file of gigabytes, and a CI cache
 * restores FIFOs and symlinks as they were archived. So every read opens with O_NONBLOCK (a FIFO
 * opens at once and is then refused), checks the open descriptor is a regular file, and reads at
 * most a cap named per kind of file. Files the user named may be symlinks (a shared config linked
 * into place is legitimate): the link is followed and what it leads to is checked. Data mcpgate
 * wrote itself and finds again (model cache entries, the history) is opened with O_NOFOLLOW, and
 * history names must stay inside the history directory (readInside).
 *
 * Writing: a temporary file with a random name is created exclusively next to the target, then
 * renamed (or hard-linked) into place, so a reader never sees half a file and a link planted
 * under a guessable name is never followed.
 */

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { usageError } from './input-error.js';

const MiB = 1024 * 1024;

/** A file the user writes by hand (mcpgate.yaml, golden set, faults, descriptions, prices, pins, expected failures). */
export const MAX_USER_FILE_BYTES = 4 * MiB;
/** A report handed to `gate`, `merge` or named as a baseline: a suite of thousands of cases stays far below. */
export const MAX_REPORT_FILE_BYTES = 64 * MiB;
/** One model answer in the cache: a few KiB; the largest output a model gives is far below. */
export const MAX_CACHE_ENTRY_BYTES = 4 * MiB;

export interface ReadLimit {
  maxBytes: number;
  /** The constant's name, so a refusal names the cap that refused. */
  capName: string;
  /** False for data mcpgate did not get from the user: a symlink is refused, not followed. */
  followLinks: boolean;
}

export const USER_FILE: ReadLimit = { maxBytes: MAX_USER_FILE_BYTES, capName: 'MAX_USER_FILE_BYTES', followLinks: true };
export const REPORT_FILE: ReadLimit = { maxBytes: MAX_REPORT_FILE_BYTES, capName: 'MAX_REPORT_FILE_BYTES', followLinks: true };
export const CACHE_ENTRY: ReadLimit = { maxBytes: MAX_CACHE_ENTRY_BYTES, capName: 'MAX_CACHE_ENTRY_BYTES', followLinks: false };

/** Why a file was not read: `missing` is often no problem at all (an absent cache entry, a pin file not yet written). */
export type Refusal = 'missing' | 'not-regular' | 'too-large' | 'unreadable';

export type BoundedRead = { bytes: Buffer } | { refused: Refusal; cause: string };

function sizeText(bytes: number): string {
  return bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`;
}

function whatItIs(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isSocket()) return 'a socket';
  return 'not a plain file';
}

function openFailure(error: unknown, limit: ReadLimit): { refused: Refusal; cause: string } {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  if (code === 'ENOENT') return { refused: 'missing', cause: 'no such file' };
  if (code === 'ELOOP' && !limit.followLinks)
    return { refused: 'not-regular', cause: 'it is a symbolic link, which mcpgate does not follow here' };
  // A socket, or a device with nothing behind it, cannot be opened at all.
  if (code === 'ENXIO') return { refused: 'not-regular', cause: 'it is not a regular file (ENXIO)' };
  if (code === 'EACCES') return { refused: 'unreadable', cause: 'permission denied' };
  return { refused: 'unreadable', cause: code };
}

/**
 * At most `limit.maxBytes` of a regular file, or why not. Never blocks on what the path names and
 * never reads past the cap, even from a file that grows or that reports no size (procfs).
 */
export function readBounded(file: string, limit: ReadLimit): BoundedRead {
  let fd: number;
  try {
    const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (limit.followLinks ? 0 : (constants.O_NOFOLLOW ?? 0));
    fd = openSync(file, flags);
  } catch (error) {
    return openFailure(error, limit);
  }
  const tooLarge = {
    refused: 'too-large' as const,
    cause: `it is larger than ${sizeText(limit.maxBytes)}, mcpgate's cap for this kind of file (${limit.capName})`,
  };
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: 'not-regular', cause: `it is ${whatItIs(stat)}, not a regular file` };
    if (stat.size > limit.maxBytes) return tooLarge;
    let buffer = Buffer.alloc(Math.min(limit.maxBytes, stat.size) + 1);
    let total = 0;
    for (;;) {
      if (total === buffer.length) {
        if (total > limit.maxBytes) return tooLarge;
        const grown = Buffer.alloc(Math.min(limit.maxBytes + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, total);
        buffer = grown;
      }
      const read = readSync(fd, buffer, total, buffer.length - total, null);
      if (read === 0) return { bytes: buffer.subarray(0, total) };
      total += read;
    }
  } catch (error) {
    return openFailure(error, limit);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file the user named (a flag or a key of mcpgate.yaml): its text, or a usage error (exit 2) of one
 * line naming the file and the cause. `what` names the file in prose: "report", "price file".
 */
export function readNamedFile(file: string, what: string, limit: ReadLimit = USER_FILE): string {
  return readNamedBytes(file, what, limit).toString('utf8');
}

export function readNamedBytes(file: string, what: string, limit: ReadLimit = USER_FILE): Buffer {
  const read = readBounded(file, limit);
  if ('refused' in read) throw usageError(`cannot read the ${what} ${file}: ${read.cause}`);
  return read.bytes;
}

/**
 * At most `maxBytes` of the regular file `name` inside `dir` (the history directory): a name read
 * from data is never trusted as a path, so it must stay inside (no absolute path, no `..`, no
 * symlink leading out), and the file is read as readBounded reads untrusted data. The problem
 * names `name` and is meant for a warning.
 */
export function readInside(dir: string, name: string, maxBytes: number, capName: string): { bytes: Buffer } | { problem: string } {
  if (isAbsolute(name) || name.split(/[\\/]/).includes('..'))
    return { problem: `${JSON.stringify(name)} is outside the history directory (not followed)` };
  let path: string;
  let root: string;
  try {
    root = realpathSync(dir);
    path = realpathSync(join(dir, name));
  } catch (error) {
    return { problem: `${name} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { problem: `${name} leads outside the history directory (not followed)` };
  const read = readBounded(path, { maxBytes, capName, followLinks: false });
  return 'refused' in read ? { problem: `${name}: ${read.cause}` } : read;
}

/**
 * Creates `file` holding `content`, only if nothing is there: O_EXCL fails on an existing file and on
 * a symlink, dangling or not, so what someone planted under the name is never opened.
 */
export function createExclusively(file: string, content: FileContent): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o666);
  try {
    if (typeof content === 'string' || Buffer.isBuffer(content)) writeFileSync(fd, content);
    else writeParts(fd, content);
  } catch (error) {
    closeSync(fd);
    unlinkSync(file);
    throw error;
  }
  closeSync(fd);
}

/** What a file is written from: a text, bytes, or a text in parts (a large report, never held whole). */
export type FileContent = string | Buffer | Iterable<string>;

/** Characters gathered from the parts before each write: few system calls, no large string. */
const WRITE_BATCH_CHARS = 1 << 16;

function writeParts(fd: number, parts: Iterable<string>): void {
  let batch: string[] = [];
  let size = 0;
  for (const part of parts) {
    batch.push(part);
    size += part.length;
    if (size >= WRITE_BATCH_CHARS) {
      writeFileSync(fd, batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (size > 0) writeFileSync(fd, batch.join(''));
}

/** A new file beside `target` holding `content`, under a random name nobody can plant a link at in advance. */
export function writeTemporary(target: string, content: FileContent): string {
  const temp = join(dirname(target), `.mcpgate-${randomBytes(12).toString('hex')}.tmp`);
  createExclusively(temp, content);
  return temp;
}

/** Writes `file` whole or not at all (a temporary file renamed over it); errors are thrown as they are. */
export function replaceFile(file: string, content: FileContent): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = writeTemporary(file, content);
  try {
    renameSync(temp, file);
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}

/** Report files are written whole or not at all; a file that cannot be written is a usage error. */
export function writeFileAtomic(file: string, content: string | Iterable<string>): void {
  try {
    replaceFile(resolve(file), content);
  } catch (error) {
    throw usageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Creates `file` whole, and only if it does not exist (a hard link fails rather than replace); false when it existed. */
export function createFileOnce(file: string, content: string | Buffer): boolean {
  const temp = writeTemporary(file, content);
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
