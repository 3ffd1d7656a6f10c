/** `mcpgate history`'s listing: one line per run, oldest first, the figures a human scans for a trend. */

import type { HistoryEntry } from '../report/model.js';
import type { StoredEntry } from './history.js';

/** Over every case run; a run without eval cases falls back on its checks. */
function overallPassRate(entry: HistoryEntry): string {
  const runs = entry.cases.reduce((sum, c) => sum + c.runs, 0);
  const passes = entry.cases.reduce((sum, c) => sum + c.passes, 0);
  if (runs > 0) return `${Math.round((passes / runs) * 1000) / 10}% of ${runs} case runs`;
  const passed = entry.checks.filter((c) => c.status === 'pass').length;
  return entry.checks.length > 0 ? `${Math.round((passed / entry.checks.length) * 1000) / 10}% of ${entry.checks.length} checks` : '-';
}

export function renderHistory(entries: StoredEntry[], dir: string): string {
  if (entries.length === 0) return `no runs recorded in ${dir}\n`;
  const header = ['started', 'run id', 'green', 'exit', 'tools sha', 'models', 'pass rate'];
  const rows = entries.map(({ entry }) => [
    entry.startedAt,
    entry.runId,
    entry.green ? 'yes' : 'no',
    String(entry.verdict.exitCode),
    entry.fingerprint?.toolsSha256.slice(0, 12) ?? '-',
    entry.models.join(',') || '-',
    overallPassRate(entry),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n${entries.length} run(s) in ${dir}\n`;
}
