/**
 * The history directory holds JSON records written once each (run entries, baseline acceptances).
 * Everything read back is data, not a path to trust: a corrupt, oversized or outside record is
 * named in a warning and left on disk for a human, and the rest are read.
 */

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readInside } from '../shared/files.js';

export interface StoredRecords<T> {
  records: Array<{ file: string; value: T }>;
  warnings: string[];
}

export interface RecordFolder<T> {
  /** The folder below the history directory ('' for the directory itself). */
  folder: string;
  /** What a record is, for the warnings: `history entry`. */
  what: string;
  maxBytes: number;
  /** The name of the constant that caps a record's size, for the message of one over it. */
  maxBytesName: string;
  parse: (text: string) => T;
}

/** Every readable record of the folder, in file-name order. */
export function readRecords<T>(dir: string, kind: RecordFolder<T>): StoredRecords<T> {
  const folder = kind.folder === '' ? dir : join(dir, kind.folder);
  if (!existsSync(folder)) return { records: [], warnings: [] };
  const records: StoredRecords<T>['records'] = [];
  const warnings: string[] = [];
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()) {
    const file = join(folder, name);
    const read = readInside(dir, kind.folder === '' ? name : `${kind.folder}/${name}`, kind.maxBytes, kind.maxBytesName);
    try {
      if ('problem' in read) throw new Error(read.problem);
      records.push({ file, value: kind.parse(read.bytes.toString('utf8')) });
    } catch (error) {
      warnings.push(`skipped ${kind.what} ${file}: ${(error as Error).message.split('\n')[0]} (left in place)`);
    }
  }
  return { records, warnings };
}
