/**
 * The viewer's index on disk: one run summary per history entry in `.view-cache/` inside the history
 * directory, named as the entry is. An entry is written once and named by its run id, the content
 * address of the run, so its summary stays true until the entry file changes; the cache keeps the
 * entry's size and the summary's version as well, and a summary that does not match is made anew.
 * The history directory may come from a CI cache or a pull request: the cache is read as every file
 * there is (bounded, inside the directory, checked against its schema), and written only into a real
 * directory of its own, never through a link. Deleting `.view-cache/` loses nothing.
 */

import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAgainst } from '../report/parse-problem.js';
import { readInside, replaceFile } from '../shared/files.js';
import { RunSummarySchema, SUMMARY_VERSION, type RunSummary } from './run-summary.js';

export const CACHE_DIR = '.view-cache';
/** A summary holds one line per case and model: a suite of thousands stays far below this. */
const MAX_SUMMARY_BYTES = 8 * 1024 * 1024;

/** The cached summary of the entry `entryFile` of `entryBytes` bytes, or undefined when there is none that fits. */
export function readCachedSummary(dir: string, entryFile: string, entryBytes: number): RunSummary | undefined {
  const read = readInside(dir, `${CACHE_DIR}/${entryFile}`, MAX_SUMMARY_BYTES, 'MAX_SUMMARY_BYTES');
  if ('problem' in read) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = parseAgainst(RunSummarySchema, data);
  if (!parsed.ok) return undefined;
  const summary = parsed.value;
  return summary.version === SUMMARY_VERSION && summary.entryFile === entryFile && summary.entryBytes === entryBytes ? summary : undefined;
}

/** The cache folder when it is (or can be made) a real directory; undefined otherwise. */
function cacheFolder(dir: string): string | undefined {
  const folder = join(dir, CACHE_DIR);
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const stat = lstatSync(folder);
    return stat.isDirectory() && !stat.isSymbolicLink() ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the summary for the next start; a history directory that cannot be written (a read-only
 * mount, an artifact unpacked by another user) only costs that start its speed.
 */
export function writeCachedSummary(dir: string, summary: RunSummary): void {
  const folder = cacheFolder(dir);
  if (folder === undefined) return;
  try {
    replaceFile(join(folder, summary.entryFile), `${JSON.stringify(summary)}\n`);
  } catch {
    // Best effort by design: the summary is made again next time.
  }
}
