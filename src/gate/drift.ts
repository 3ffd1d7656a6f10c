/**
 * Drift: which cases dropped since a previous run, and whether the server changed in between. A drop
 * on an unchanged server points at the model (a provider's point release); a drop after the server's
 * tools, name or version (or the descriptions served in their place) changed points at the server. The label explains; it never excuses a drop.
 */

import type { HistoryEntry, Report, ServerFingerprint } from '../report/model.js';
import type { DriftItem, DriftLabel } from './types.js';
import { sameFingerprint } from '../report/gate-facts.js';

export function driftLabel(current?: ServerFingerprint, previous?: ServerFingerprint): DriftLabel {
  if (!current || !previous) return 'unattributed';
  return sameFingerprint(current, previous) ? 'model-drift' : 'regression';
}

/** What drift reads of the previous run: its fingerprint and its cases' pass counts. */
export type DriftBaseline = Pick<HistoryEntry, 'fingerprint' | 'cases'>;

export function driftReport(current: Report, previous: DriftBaseline): DriftItem[] {
  const label = driftLabel(current.target.fingerprint, previous.fingerprint);
  const before = new Map(previous.cases.map((c) => [`${c.model}\u0000${c.id}`, c]));
  const items: DriftItem[] = [];
  for (const c of current.eval?.cases ?? []) {
    const old = before.get(`${c.model}\u0000${c.id}`);
    if (old && c.passRate < old.passRate) {
      items.push({ id: c.id, model: c.model, baseline: { k: old.passes, n: old.runs }, current: { k: c.passes, n: c.runs }, label });
    }
  }
  return items;
}
