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

/** The names of the record files of the folder, sorted. */
export function recordNames(dir: string, kind: Pick<RecordFolder<unknown>, 'folder'>): string[] {
  const folder = kind.folder === '' ? dir : join(dir, kind.folder);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort();
}

/** One record file, read as untrusted data: its value, or why it cannot be used. */
export function readRecord<T>(dir: string, kind: RecordFolder<T>, name: string): { value: T } | { problem: string } {
  const read = readInside(dir, kind.folder === '' ? name : `${kind.folder}/${name}`, kind.maxBytes, kind.maxBytesName);
  if ('problem' in read) return read;
  try {
    return { value: kind.parse(read.bytes.toString('utf8')) };
  } catch (error) {
    return { problem: (error as Error).message.split('\n')[0]! };
  }
}

/** The warning for a record that cannot be used: it is named, and left on disk for a human. */
export function skippedRecord(what: string, file: string, problem: string): string {
  return `skipped ${what} ${file}: ${problem} (left in place)`;
}

/** Every readable record of the folder, in file-name order. */
export function readRecords<T>(dir: string, kind: RecordFolder<T>): StoredRecords<T> {
  const folder = kind.folder === '' ? dir : join(dir, kind.folder);
  const records: StoredRecords<T>['records'] = [];
  const warnings: string[] = [];
  for (const name of recordNames(dir, kind)) {
    const file = join(folder, name);
    const read = readRecord(dir, kind, name);
    if ('problem' in read) warnings.push(skippedRecord(kind.what, file, read.problem));
    else records.push({ file, value: read.value });
  }
  return { records, warnings };
}
