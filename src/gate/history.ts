/**
 * Run history: one JSON file per run in a directory (default `.mcpgate/history/`), named by start time
 * and run id so a listing sorts by time, and the run's report beside it in `reports/` (report-store.ts).
 * Append-only: files are written once (createFileOnce, shared/files.ts) and never rewritten; only `mcpgate history
 * --prune-*` deletes, on request. Everything read from the directory is data, not a path to trust: a
 * corrupt, oversized or outside entry is skipped with a warning and left on disk for a human.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseHistoryEntry } from '../report/json.js';
import { jsonText } from '../report/json-text.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { toHistoryEntry } from './history-entry.js';
import { storeReport } from './report-store.js';
import { redactDeep } from '../shared/redact.js';
import { createFileOnce } from '../shared/files.js';
import { readRecord, readRecords, recordNames, skippedRecord, type RecordFolder } from './stored-records.js';

export const DEFAULT_HISTORY_DIR = '.mcpgate/history';
/** An entry holds one line per check and case: even a suite of thousands stays far below this. */
export const MAX_ENTRY_BYTES = 8 * 1024 * 1024;

export interface StoredEntry {
  /** The entry's file in the history directory. */
  file: string;
  entry: HistoryEntry;
}

export interface Recorded {
  file: string;
  /** False when this very run was recorded before: the entry is kept as it was. */
  written: boolean;
  entry: HistoryEntry;
}

function fileNameOf(entry: HistoryEntry): string {
  return `${entry.startedAt.replace(/[:]/g, '-')}_${entry.runId}.json`;
}

/** Stores the report in the history directory, then appends its entry, which names the stored copy by hash. */
export function recordRun(dir: string, report: Report): Recorded {
  mkdirSync(dir, { recursive: true });
  // The stored report and its entry quote what a server sent (verdict reasons, results): masked, as every output.
  const masked = redactDeep(report);
  const entry = toHistoryEntry(masked, storeReport(dir, masked));
  const file = join(dir, fileNameOf(entry));
  return { file, written: createFileOnce(file, `${jsonText(entry)}\n`), entry };
}

const ENTRIES: RecordFolder<HistoryEntry> = {
  folder: '',
  what: 'history entry',
  maxBytes: MAX_ENTRY_BYTES,
  maxBytesName: 'MAX_ENTRY_BYTES',
  parse: parseHistoryEntry,
};

/** One entry file of the directory, read as untrusted data: the entry, or why it cannot be used. */
export function readEntry(dir: string, name: string): { entry: HistoryEntry } | { problem: string } {
  const read = readRecord(dir, ENTRIES, name);
  return 'problem' in read ? read : { entry: read.value };
}

/** The names of the entry files in the directory, sorted; an acceptance or a stored report is not one. */
export function entryNames(dir: string): string[] {
  return recordNames(dir, ENTRIES);
}

/** The warning for an entry that cannot be used: it is named, and left on disk for a human. */
export function skippedEntry(file: string, problem: string): string {
  return skippedRecord(ENTRIES.what, file, problem);
}

/** Every readable entry, oldest first; unreadable ones are named in `warnings` and left alone. */
export function readHistory(dir: string): { entries: StoredEntry[]; warnings: string[] } {
  const { records, warnings } = readRecords(dir, ENTRIES);
  const entries: StoredEntry[] = records.map(({ file, value }) => ({ file, entry: value }));
  entries.sort((a, b) => a.entry.startedAt.localeCompare(b.entry.startedAt));
  return { entries, warnings };
}
