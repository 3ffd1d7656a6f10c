/**
 * `mcpgate history --prune-*`: the one place that deletes from the history, and only on request. It
 * removes the chosen entries, then the stored reports no remaining entry names and the acceptances of
 * runs no longer there. When some entry cannot
 * be read, nobody knows which reports it needs, so reports are then left alone.
 */

import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readAcceptances } from './accepted.js';
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
  /** Acceptances (`mcpgate baseline accept`) of runs no longer in the history. */
  acceptances: string[];
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
  if (warnings.length > 0) {
    const left = ['stored reports and acceptances left alone: an unreadable entry may still need them'];
    return { entries: removed.map((e) => e.file), reports: [], acceptances: [], warnings: [...warnings, ...left] };
  }
  const keptRuns = new Set(kept.map(({ entry }) => entry.runId));
  const accepted = readAcceptances(dir);
  // An unreadable acceptance file is left for a human, as everything unreadable is; the readable ones go with their run.
  const staleAcceptances = accepted.acceptances.filter(({ acceptance }) => !keptRuns.has(acceptance.runId)).map((a) => a.file);
  for (const file of staleAcceptances) unlinkSync(file);
  const reportsDir = join(dir, REPORTS_DIR);
  const referenced = new Set(kept.map(({ entry }) => entry.report?.file));
  const orphans = existsSync(reportsDir)
    ? readdirSync(reportsDir).filter((name) => STORED_REPORT.test(name) && !referenced.has(`${REPORTS_DIR}/${name}`))
    : [];
  for (const name of orphans) unlinkSync(join(reportsDir, name));
  return {
    entries: removed.map((e) => e.file),
    reports: orphans.map((name) => join(reportsDir, name)),
    acceptances: staleAcceptances,
    warnings: [...warnings, ...accepted.warnings],
  };
}
