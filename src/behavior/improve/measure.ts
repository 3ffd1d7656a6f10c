/**
 * What improve measures: per case and model, right first picks (from the confusion table, so no stored
 * trajectory is needed) and passes; which confusions are worst; and whether a change between two
 * measurements is significant (the gate's Newcombe interval on the difference of two proportions).
 */

import { dropInterval } from '../../gate/wilson.js';
import type { EvalReport } from '../../report/model.js';
import type { CaseFigures, Confusion, Tally } from './types.js';
import { roundTo } from '../../shared/numbers.js';

export interface CaseState {
  figures: CaseFigures;
  /** This case's cells of its model's confusion table. */
  cells: Array<{ expected: string | null; chosen: string | null; count: number }>;
}

export const stateKey = (model: string, id: string): string => `${model}\u0000${id}`;

/** The per case and model state an eval report shows; merged over an existing one for partial runs. */
export function measure(report: EvalReport, into = new Map<string, CaseState>()): Map<string, CaseState> {
  for (const c of report.cases) {
    const cells = (report.confusions?.[c.model]?.cells ?? []).flatMap((cell) =>
      cell.cases.filter((x) => x.id === c.id).map((x) => ({ expected: cell.expected, chosen: cell.chosen, count: x.count })),
    );
    const right = cells.filter((cell) => cell.expected === cell.chosen).reduce((n, cell) => n + cell.count, 0);
    const scored = cells.reduce((n, cell) => n + cell.count, 0);
    into.set(stateKey(c.model, c.id), {
      figures: { id: c.id, model: c.model, selection: { k: right, n: scored }, passes: { k: c.passes, n: c.runs } },
      cells,
    });
  }
  return into;
}

/**
 * Off-diagonal cells summed over models, most wrong samples first; ties in the golden set's order.
 * Only the cases of `order` count: a proposer hears of no confusion outside the cases it may see.
 */
export function topConfusions(state: Map<string, CaseState>, order: readonly string[], limit: number): Confusion[] {
  const byCell = new Map<string, Confusion>();
  const allowed = new Set(order);
  for (const { figures, cells } of state.values()) {
    if (!allowed.has(figures.id)) continue;
    for (const cell of cells) {
      if (cell.expected === cell.chosen) continue;
      const key = JSON.stringify([cell.expected, cell.chosen]);
      const entry = byCell.get(key) ?? { expected: cell.expected, chosen: cell.chosen, samples: 0, cases: [] };
      entry.samples += cell.count;
      if (!entry.cases.includes(figures.id)) entry.cases.push(figures.id);
      byCell.set(key, entry);
    }
  }
  const rank = (id: string): number => order.indexOf(id);
  for (const c of byCell.values()) c.cases.sort((a, b) => rank(a) - rank(b));
  return [...byCell.values()].sort((a, b) => b.samples - a.samples || rank(a.cases[0]!) - rank(b.cases[0]!)).slice(0, limit);
}

export function pooled(state: Map<string, CaseState>, keys: Iterable<string>, pick: (f: CaseFigures) => Tally): Tally {
  let k = 0;
  let n = 0;
  for (const key of keys) {
    const figures = state.get(key)?.figures;
    if (!figures) continue;
    k += pick(figures).k;
    n += pick(figures).n;
  }
  return { k, n };
}

/** The interval of `after - before`; significant when its low end is above zero. */
export function gainInterval(before: Tally, after: Tally, z: number): { low: number; high: number; significant: boolean } {
  if (before.n === 0 || after.n === 0) return { low: 0, high: 0, significant: false };
  const { low, high } = dropInterval(after, before, z);
  return { low: roundTo(low, 4), high: roundTo(high, 4), significant: low > 0 };
}

/** A drop from `before` to `after` whose interval lies wholly above zero. */
export function significantDrop(before: Tally, after: Tally, z: number): boolean {
  if (before.n === 0 || after.n === 0) return false;
  return dropInterval(before, after, z).low > 0;
}
