/** Reading the confusion tables for the renderers: the off-diagonal cells, worst first. */

import type { ConfusionCell, EvalReport } from './model.js';

export interface TopConfusion extends ConfusionCell {
  model: string;
}

/** How a side of a cell is shown: the tool's name, or "none". */
export function toolLabel(tool: string | null): string {
  return tool ?? 'none';
}

/** Cells where the chosen tool is not the expected one, most samples first, across every model. */
export function topConfusions(ev: EvalReport, limit: number): TopConfusion[] {
  const all: TopConfusion[] = [];
  for (const model of ev.matrix.models)
    for (const cell of ev.confusions?.[model]?.cells ?? []) if (cell.expected !== cell.chosen) all.push({ model, ...cell });
  return all.sort((a, b) => b.count - a.count).slice(0, limit);
}

/** "billing_lookup (3), refund_status (1)": the cases behind a cell, bounded. */
export function casesText(cell: ConfusionCell, limit = 4): string {
  const shown = cell.cases.slice(0, limit).map((c) => `${c.id} (${c.count})`);
  const more = cell.cases.length - shown.length;
  return more > 0 ? `${shown.join(', ')}, … ${more} more` : shown.join(', ');
}
