/**
 * Confusions over time: for each server and model, every pair of expected tool and tool called first
 * instead, in how many runs it occurred, when it first did, and since when it has occurred in every run
 * (the start of its current streak), from the confusion tables the runs' reports kept.
 */

import { describeIdentity } from '../gate/target.js';
import type { IndexSnapshot } from './history-index.js';
import type { RunSummary } from './run-summary.js';

export interface ConfusionSeries {
  model: string;
  expected: string | null;
  chosen: string | null;
  /** Samples in the pair per run of the model, oldest first; 0 where it did not occur. */
  counts: number[];
  /** Samples scored per run of the model, to read a count as a share. */
  samples: number[];
  runs: RunSummary[];
  firstSeen: RunSummary;
  /** The first run of the streak that reaches the newest run; absent when the newest run no longer has it. */
  since?: RunSummary;
  /** The cases behind the pair in the newest run that had it. */
  cases: string[];
}

export interface ServerConfusions {
  server: string;
  series: ConfusionSeries[];
}

function seriesOf(model: string, runs: RunSummary[]): ConfusionSeries[] {
  const pairs = new Map<string, { expected: string | null; chosen: string | null }>();
  for (const run of runs)
    for (const row of run.confusions)
      if (row.model === model) pairs.set(JSON.stringify([row.expected, row.chosen]), { expected: row.expected, chosen: row.chosen });
  const series: ConfusionSeries[] = [];
  for (const { expected, chosen } of pairs.values()) {
    const rows = runs.map((run) => run.confusions.find((r) => r.model === model && r.expected === expected && r.chosen === chosen));
    const counts = rows.map((r) => r?.count ?? 0);
    const first = counts.findIndex((n) => n > 0);
    let start = counts.length;
    while (start > 0 && counts[start - 1]! > 0) start--;
    const lastRow = [...rows].reverse().find((r) => r !== undefined);
    series.push({
      model,
      expected,
      chosen,
      counts,
      samples: runs.map((run) => run.confusionSamples[model] ?? 0),
      runs,
      firstSeen: runs[first]!,
      ...(start < counts.length ? { since: runs[start]! } : {}),
      cases: lastRow?.cases ?? [],
    });
  }
  // What still happens first, the most samples in the newest run first.
  return series.sort((a, b) => Number(b.since !== undefined) - Number(a.since !== undefined) || b.counts.at(-1)! - a.counts.at(-1)!);
}

export function confusionHistory(snapshot: IndexSnapshot): ServerConfusions[] {
  const servers = new Map<string, RunSummary[]>();
  for (const run of snapshot.runs) {
    const key = describeIdentity(run.target);
    const list = servers.get(key) ?? [];
    list.push(run);
    servers.set(key, list);
  }
  return [...servers].map(([server, runs]) => {
    const models = [...new Set(runs.flatMap((r) => Object.keys(r.confusionSamples)))].sort();
    const series = models.flatMap((model) =>
      seriesOf(
        model,
        runs.filter((r) => r.confusionSamples[model] !== undefined),
      ),
    );
    return { server, series };
  });
}
