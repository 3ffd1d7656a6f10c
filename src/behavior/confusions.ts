/**
 * The confusion table per model: expected first tool x chosen first tool, tallied from each sample's
 * scoring result as it is scored, so it needs no stored trajectory (passing samples may keep none).
 */

import type { ConfusionCell, ConfusionTable } from '../report/model.js';
import type { GoldenCase } from './types.js';

/** The tool a case wants called first, or null for a negative case. */
export function expectedFirstTool(c: GoldenCase): string | null {
  if (c.expect.kind === 'tool') return c.expect.tool;
  if (c.expect.kind === 'sequence') return c.expect.tools[0] ?? null;
  return null;
}

const SEP = '\u0000';

export class ConfusionTally {
  /** model -> "expected\0chosen" -> case id -> samples. */
  private readonly counts = new Map<string, Map<string, Map<string, number>>>();
  private readonly keys = new Map<string, { expected: string | null; chosen: string | null }>();

  add(model: string, caseId: string, expected: string | null, chosen: string | null, samples = 1): void {
    const key = `${expected ?? ''}${SEP}${expected === null ? 0 : 1}${SEP}${chosen ?? ''}${SEP}${chosen === null ? 0 : 1}`;
    this.keys.set(key, { expected, chosen });
    const cells = this.counts.get(model) ?? new Map<string, Map<string, number>>();
    this.counts.set(model, cells);
    const cases = cells.get(key) ?? new Map<string, number>();
    cells.set(key, cases);
    cases.set(caseId, (cases.get(caseId) ?? 0) + samples);
  }

  /** One table per model, in the order given; a model with no scored sample gets an empty table. */
  tables(models: readonly string[]): Record<string, ConfusionTable> {
    return Object.fromEntries(models.map((model) => [model, this.table(model)]));
  }

  private table(model: string): ConfusionTable {
    const cells: ConfusionCell[] = [...(this.counts.get(model) ?? new Map<string, Map<string, number>>())].map(([key, cases]) => {
      const list = [...cases].map(([id, n]) => ({ id, count: n })).sort((a, b) => b.count - a.count || compare(a.id, b.id));
      return { ...this.keys.get(key)!, count: list.reduce((n, c) => n + c.count, 0), cases: list };
    });
    cells.sort((a, b) => compareTool(a.expected, b.expected) || compareTool(a.chosen, b.chosen));
    return { samples: cells.reduce((n, c) => n + c.count, 0), cells };
  }
}

/** Shards hold disjoint cases, so their tables add up cell by cell. */
export function mergeConfusions(
  models: readonly string[],
  tables: ReadonlyArray<Record<string, ConfusionTable> | undefined>,
): Record<string, ConfusionTable> {
  const tally = new ConfusionTally();
  for (const byModel of tables)
    for (const [model, table] of Object.entries(byModel ?? {}))
      for (const cell of table.cells) for (const c of cell.cases) tally.add(model, c.id, cell.expected, cell.chosen, c.count);
  return tally.tables(models);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Tool names in code-point order (stable across locales), "none" after every tool. */
function compareTool(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}
