/**
 * Run history: one JSON file per run in a directory (default `.mcpgate/history/`), named by start time
 * and run id so a listing sorts by time. Append-only: an entry is created with a hard link from a
 * temporary file (atomic, and it fails rather than replace an existing file); nothing here rewrites
 * or deletes an entry, and a corrupt one is skipped with a warning and left on disk for a human.
 */

import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseHistoryEntry } from '../report/json.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { toHistoryEntry } from './history-entry.js';
import { sameTarget, type TargetIdentity } from './target.js';
import { redactDeep } from '../shared/redact.js';

export const DEFAULT_HISTORY_DIR = '.mcpgate/history';

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

/**
 * Appends the report's entry. Its reportFile is stored relative to the history directory, so the
 * directory and the reports can move together (a CI cache, a checkout elsewhere).
 */
export function recordRun(dir: string, report: Report, reportFile?: string): Recorded {
  const stored = reportFile ? relative(resolve(dir), resolve(reportFile)) : undefined;
  // An entry quotes the report (verdict reason, ids), whose strings may hold what a server echoed.
  const entry = redactDeep(toHistoryEntry(report, stored));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, fileNameOf(entry));
  const temp = join(dir, `.${entry.runId}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(entry, null, 2)}\n`);
  try {
    linkSync(temp, file);
    return { file, written: true, entry };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { file, written: false, entry };
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/** The absolute path of an entry's report file, resolved against the history directory. */
export function reportFileOf(dir: string, entry: HistoryEntry): string | undefined {
  if (!entry.reportFile) return undefined;
  return isAbsolute(entry.reportFile) ? entry.reportFile : resolve(dir, entry.reportFile);
}

/** Every readable entry, oldest first; unreadable ones are named in `warnings` and left alone. */
export function readHistory(dir: string): { entries: StoredEntry[]; warnings: string[] } {
  if (!existsSync(dir)) return { entries: [], warnings: [] };
  const entries: StoredEntry[] = [];
  const warnings: string[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()) {
    const file = join(dir, name);
    try {
      entries.push({ file, entry: parseHistoryEntry(readFileSync(file, 'utf8')) });
    } catch (error) {
      warnings.push(`skipped history entry ${file}: ${(error as Error).message.split('\n')[0]} (left in place)`);
    }
  }
  entries.sort((a, b) => a.entry.startedAt.localeCompare(b.entry.startedAt));
  return { entries, warnings };
}

export interface BaselineFilter {
  target?: TargetIdentity;
  /** The same model ids, in any order. */
  models?: string[];
  goldenSha?: string;
  /** Only runs that started before this ISO time (so a run is never its own baseline). */
  before?: string;
}

/** The most recent green entry matching the filter. */
export function lastGreen(dir: string, filter: BaselineFilter = {}): { found?: StoredEntry; warnings: string[] } {
  const { entries, warnings } = readHistory(dir);
  const sameModels = (models: string[]): boolean => !filter.models || [...models].sort().join('\n') === [...filter.models].sort().join('\n');
  const matches = entries.filter(({ entry }) =>
    entry.green &&
    (!filter.target || sameTarget(entry.target, filter.target)) &&
    sameModels(entry.models) &&
    (!filter.goldenSha || entry.golden?.sha256 === filter.goldenSha) &&
    (!filter.before || entry.startedAt < filter.before),
  );
  const found = matches[matches.length - 1];
  return { ...(found ? { found } : {}), warnings };
}
