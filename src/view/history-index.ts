/**
 * The history as the viewer reads it: a summary per entry (run-summary.ts), made once per entry and
 * kept in memory and in the cache on disk (summary-cache.ts). Each snapshot lists the directory again,
 * so runs recorded while the viewer is open appear on the next page load, and pruned ones go; only new
 * names are read. Full reports are opened one page at a time, the last few kept.
 */

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readAcceptances, type StoredAcceptance } from '../gate/accepted.js';
import { entryNames, readEntry, skippedEntry } from '../gate/history.js';
import { loadEntryReport, readEntryReportText } from '../gate/report-store.js';
import type { Report } from '../report/model.js';
import { parseReportGist } from './report-gist.js';
import { RUN_ID, storedEntry, summarise, type RunSummary } from './run-summary.js';
import { readCachedSummary, writeCachedSummary } from './summary-cache.js';

export interface IndexSnapshot {
  dir: string;
  /** Oldest first. */
  runs: RunSummary[];
  byId: ReadonlyMap<string, RunSummary>;
  acceptances: StoredAcceptance[];
  /** Entries and acceptances that could not be used, one line each. */
  warnings: string[];
}

/** Full reports kept in memory: a comparison needs two, and a person goes back and forth. */
const REPORTS_KEPT = 4;

export class HistoryIndex {
  private readonly summaries = new Map<string, RunSummary>();
  private readonly problems = new Map<string, string>();
  private readonly reports = new Map<string, Report | string>();

  /** `last`: only the newest N runs are shown. */
  constructor(
    readonly dir: string,
    private readonly last?: number,
  ) {}

  /** `made`: called after each summary made from an entry and its report (not read from the cache), with the count so far. */
  snapshot(made?: (count: number) => void): IndexSnapshot {
    const names = entryNames(this.dir);
    const present = new Set(names);
    for (const name of [...this.summaries.keys()]) if (!present.has(name)) this.summaries.delete(name);
    for (const name of [...this.problems.keys()]) if (!present.has(name)) this.problems.delete(name);
    let count = 0;
    for (const name of names) if (!this.summaries.has(name) && !this.problems.has(name) && this.add(name) === 'made') made?.(++count);
    const byId = new Map<string, RunSummary>();
    const warnings = [...this.problems.values()];
    const all = [...this.summaries.values()].sort(
      (a, b) => a.startedAt.localeCompare(b.startedAt) || a.entryFile.localeCompare(b.entryFile),
    );
    for (const run of all) {
      if (byId.has(run.runId)) warnings.push(skippedEntry(join(this.dir, run.entryFile), `run ${run.runId} is recorded twice`));
      else byId.set(run.runId, run);
    }
    const runs = this.last === undefined ? [...byId.values()] : [...byId.values()].slice(-this.last);
    const shown = new Map(runs.map((r) => [r.runId, r]));
    const { acceptances, warnings: unreadable } = readAcceptances(this.dir);
    return { dir: this.dir, runs, byId: shown, acceptances, warnings: [...warnings, ...unreadable] };
  }

  /**
   * The run's stored report, or why it cannot be used. It is shown as stored: recordRun masked it
   * before storing it, and this process holds no secret of its own to mask.
   */
  report(run: RunSummary): Report | string {
    const kept = this.reports.get(run.runId);
    if (kept !== undefined) {
      this.reports.delete(run.runId);
      this.reports.set(run.runId, kept);
      return kept;
    }
    const report = loadEntryReport(this.dir, storedEntry(run));
    this.reports.set(run.runId, report);
    if (this.reports.size > REPORTS_KEPT) this.reports.delete(this.reports.keys().next().value!);
    return report;
  }

  private add(name: string): 'cached' | 'made' | 'skipped' {
    const file = join(this.dir, name);
    let bytes: number;
    try {
      bytes = statSync(file).size;
    } catch (error) {
      this.problems.set(name, skippedEntry(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message));
      return 'skipped';
    }
    const cached = readCachedSummary(this.dir, name, bytes);
    if (cached) {
      this.summaries.set(name, cached);
      return 'cached';
    }
    const read = readEntry(this.dir, name);
    if ('problem' in read) {
      this.problems.set(name, skippedEntry(file, read.problem));
      return 'skipped';
    }
    // The run id names pages and exported files: only the form mcpgate writes is taken.
    if (!RUN_ID.test(read.entry.runId)) {
      this.problems.set(name, skippedEntry(file, `its run id ${JSON.stringify(read.entry.runId.slice(0, 40))} is not 16 hex digits`));
      return 'skipped';
    }
    const text = readEntryReportText(this.dir, read.entry);
    const report = typeof text === 'string' ? text : parseReportGist(text.text);
    const summary = summarise(name, bytes, read.entry, report);
    this.summaries.set(name, summary);
    writeCachedSummary(this.dir, summary);
    return 'made';
  }
}
