/**
 * Which recorded run `--baseline auto` compares with. Two kinds of event make a run the baseline: it
 * finished green, or someone accepted it (`mcpgate baseline accept`). The newest event wins, its time
 * being the run's start for a green run and the moment of acceptance for an accepted one. So an
 * accepted run stays the baseline until a green run that started after the acceptance, or a later
 * acceptance; a red run never takes over by itself, and accepting an older run on purpose beats every
 * green run before that moment.
 *
 * Candidates are runs of the same server (transport, era, name) whose models overlap with this run's:
 * pairs of case and model are matched one by one (case-set.ts), so a model added or dropped still
 * compares the models both runs share. A run without models (layer 0 only) compares with runs
 * without models only.
 */

import type { BaselineAcceptance, HistoryEntry } from '../report/model.js';
import type { StoredAcceptance } from './accepted.js';
import { sameTarget, type TargetIdentity } from './target.js';

/** What the choice reads of an entry: a whole entry, or a summary of one (`mcpgate view`). */
export type BaselineFields = Pick<HistoryEntry, 'runId' | 'startedAt' | 'green' | 'target' | 'models'>;

export interface BaselineCandidate<E extends BaselineFields = HistoryEntry> {
  /** The entry's file in the history directory. */
  file: string;
  entry: E;
  /** Set when the run is a candidate because it was accepted by hand (the latest acceptance of it). */
  accepted?: BaselineAcceptance;
}

export interface CandidateFilter {
  target: TargetIdentity;
  models: readonly string[];
  /** The run being gated: never its own baseline, whatever the clocks of two machines say. */
  excludeRunId?: string;
}

/** Whether a run of `models` can be the baseline of a run of `wanted`. */
export function modelsOverlap(models: readonly string[], wanted: readonly string[]): boolean {
  if (wanted.length === 0) return models.length === 0;
  return models.some((m) => wanted.includes(m));
}

/** The candidates in order of preference (newest event first), each run once. */
export function baselineCandidates<E extends BaselineFields>(
  entries: ReadonlyArray<{ file: string; entry: E }>,
  acceptances: readonly StoredAcceptance[],
  filter: CandidateFilter,
): Array<BaselineCandidate<E>> {
  const fits = (entry: E): boolean =>
    sameTarget(entry.target, filter.target) && modelsOverlap(entry.models, filter.models) && entry.runId !== filter.excludeRunId;
  const byRun = new Map(entries.map((stored) => [stored.entry.runId, stored]));
  const events: Array<{ at: number; candidate: BaselineCandidate<E> }> = [];
  for (const { file, entry } of entries)
    if (entry.green && fits(entry)) events.push({ at: Date.parse(entry.startedAt), candidate: { file, entry } });
  for (const { acceptance } of acceptances) {
    // An acceptance of a run pruned since names nothing left to compare with.
    const stored = byRun.get(acceptance.runId);
    if (stored && fits(stored.entry))
      events.push({ at: Date.parse(acceptance.acceptedAt), candidate: { file: stored.file, entry: stored.entry, accepted: acceptance } });
  }
  // Newest first; at the same instant the acceptance, the deliberate act, comes first.
  events.sort((a, b) => b.at - a.at || Number(b.candidate.accepted !== undefined) - Number(a.candidate.accepted !== undefined));
  const seen = new Set<string>();
  return events
    .map((e) => e.candidate)
    .filter((c) => {
      if (seen.has(c.entry.runId)) return false;
      seen.add(c.entry.runId);
      return true;
    });
}
