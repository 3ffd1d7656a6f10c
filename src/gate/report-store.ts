/**
 * The reports of recorded runs, kept inside the history directory and named by the sha256 of their
 * JSON (`reports/<sha256>.json`, gzipped above GZIP_ABOVE_BYTES): a history directory copied to
 * another machine or restored from a CI cache holds its own evidence, and a report that changed after
 * it was recorded no longer matches its name. Reading one is bounded and checked (readInside, shared/files.ts).
 */

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseReport, renderJson } from '../report/json.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { createFileOnce, readInside } from '../shared/files.js';

/** The largest report the gate reads from the history, compressed or not: far above any real run. */
export const MAX_STORED_REPORT_BYTES = 64 * 1024 * 1024;
/** Reports above this are stored gzipped; JSON reports shrink about tenfold. */
export const GZIP_ABOVE_BYTES = 256 * 1024;
export const REPORTS_DIR = 'reports';

export type StoredReport = NonNullable<HistoryEntry['report']>;

function sha256Of(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Writes the report unless the same content is already stored; returns where, relative to `dir`. */
export function storeReport(dir: string, report: Report): StoredReport {
  const text = renderJson(report);
  const sha256 = sha256Of(text);
  const gzip = Buffer.byteLength(text) > GZIP_ABOVE_BYTES;
  const file = `${REPORTS_DIR}/${sha256}.json${gzip ? '.gz' : ''}`;
  mkdirSync(join(dir, REPORTS_DIR), { recursive: true });
  createFileOnce(join(dir, file), gzip ? gzipSync(text) : text);
  return { sha256, file };
}

function decode(bytes: Buffer, file: string): string {
  // The cap holds after decompression too: a small gzip bomb is refused, not inflated.
  return (file.endsWith('.gz') ? gunzipSync(bytes, { maxOutputLength: MAX_STORED_REPORT_BYTES }) : bytes).toString('utf8');
}

/**
 * The JSON text of the entry's report, checked against its sha256, or why it cannot be used. For a
 * reader that needs a few fields of many reports (`mcpgate view`'s index) and parses them itself.
 */
export function readEntryReportText(
  dir: string,
  entry: Pick<HistoryEntry, 'report' | 'reportFile'>,
): { text: string; file: string } | string {
  const stored = entry.report;
  // Entries of earlier versions named a report file anywhere; only one inside the directory is read.
  const file = stored?.file ?? entry.reportFile;
  if (file === undefined) return 'it was recorded without its report';
  const read = readInside(dir, file, MAX_STORED_REPORT_BYTES, 'MAX_STORED_REPORT_BYTES');
  if ('problem' in read) return read.problem;
  let text: string;
  try {
    text = decode(read.bytes, file);
  } catch (error) {
    return `${file} cannot be decompressed: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
  }
  if (stored && sha256Of(text) !== stored.sha256) return `${file} does not match its sha256 (it changed after it was recorded)`;
  return { text, file };
}

/** The entry's report, or why it cannot be used. */
export function loadEntryReport(dir: string, entry: Pick<HistoryEntry, 'report' | 'reportFile'>): Report | string {
  const read = readEntryReportText(dir, entry);
  if (typeof read === 'string') return read;
  try {
    return parseReport(read.text);
  } catch (error) {
    return `${read.file}: ${(error as Error).message}`;
  }
}
