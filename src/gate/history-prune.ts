/**
 * `mcpgate history --prune-*`: the one place that deletes from the history, and only on request. It
 * removes the chosen entries, then the stored reports no remaining entry names. When some entry cannot
 * be read, nobody knows which reports it needs, so reports are then left alone.
 */

import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readHistory } from './history.js';
import { REPORTS_DIR } from './report-store.js';

export interface PruneRequest {
  /** Keep only the newest N entries. */
  keep?: number;
  /** Remove entries of runs that started before this time. */
  before?: Date;
}

export interface Pruned {
  entries: string[];
  reports: string[];
  warnings: string[];
}

const STORED_REPORT = /^[0-9a-f]{64}\.json(\.gz)?$/;

export function pruneHistory(dir: string, request: PruneRequest): Pruned {
  const { entries, warnings } = readHistory(dir);
  const cutoff = request.before?.toISOString();
  const removable = (index: number, startedAt: string): boolean =>
    (request.keep !== undefined && index < entries.length - request.keep) || (cutoff !== undefined && startedAt < cutoff);
  const removed = entries.filter(({ entry }, index) => removable(index, entry.startedAt));
  for (const { file } of removed) unlinkSync(file);
  const kept = entries.filter((e) => !removed.includes(e));
  const reportsDir = join(dir, REPORTS_DIR);
  if (warnings.length > 0 || !existsSync(reportsDir)) {
    const left = warnings.length > 0 ? ['stored reports left alone: an unreadable entry may still need them'] : [];
    return { entries: removed.map((e) => e.file), reports: [], warnings: [...warnings, ...left] };
  }
  const referenced = new Set(kept.map(({ entry }) => entry.report?.file));
  const orphans = readdirSync(reportsDir).filter((name) => STORED_REPORT.test(name) && !referenced.has(`${REPORTS_DIR}/${name}`));
  for (const name of orphans) unlinkSync(join(reportsDir, name));
  return { entries: removed.map((e) => e.file), reports: orphans.map((name) => join(reportsDir, name)), warnings };
}
