/**
 * Confusion heat map per model: rows the expected tool, columns the tool called first, each cell
 * shaded by its share of the row; the diagonal is green (right tool), the rest red (a confusion).
 */

import { casesText, toolLabel } from '../confusions.js';
import type { ConfusionTable, EvalReport } from '../model.js';
import { esc } from './escape.js';
import { chart, label, rect } from './svg.js';
import { cutToFit } from '../../shared/cut.js';

const CELL = 44;
const CHARS_PER_PX = 7;
const MAX_LABEL_CHARS = 32;
/** Beyond this many tools a side, the chart stops being readable; the JSON report has every cell. */
const MAX_TOOLS = 40;

export function confusionMaps(ev: EvalReport): string {
  const maps = ev.matrix.models
    .map((model) => ({ model, table: ev.confusions?.[model] }))
    .filter((m): m is { model: string; table: ConfusionTable } => (m.table?.cells.length ?? 0) > 0)
    .map(
      ({ model, table }) =>
        `<figure class="scroll">${confusionMap(model, table)}<figcaption>Confusions of ${esc(model)} (hover a cell for its cases).</figcaption></figure>`,
    );
  if (maps.length === 0) return '';
  return (
    `<h3 id="confusions">Confusions</h3>` +
    `<p class="note">Expected tool (rows) against the tool called first (columns), in samples; "none" is a negative case or no call. Green is the right tool, red a confusion, darker means more of the row.</p>` +
    maps.join('')
  );
}

function confusionMap(model: string, table: ConfusionTable): string {
  const axis = (side: 'expected' | 'chosen'): Array<string | null> => {
    const tools = [...new Set(table.cells.map((c) => c[side]))];
    return [...tools.filter((t): t is string => t !== null).sort(), ...(tools.includes(null) ? [null] : [])].slice(0, MAX_TOOLS);
  };
  const rows = axis('expected');
  const columns = axis('chosen');
  const longest = Math.max(4, ...rows.map((r) => Math.min(toolLabel(r).length, MAX_LABEL_CHARS)));
  const tallest = Math.max(4, ...columns.map((c) => Math.min(toolLabel(c).length, MAX_LABEL_CHARS)));
  const left = longest * CHARS_PER_PX + 12;
  const top = tallest * CHARS_PER_PX * 0.75 + 24;
  const parts: string[] = [label(4, 14, cutToFit(model, 60), 'start', 'axis')];
  columns.forEach((column, i) => {
    const x = left + i * CELL + CELL / 2;
    parts.push(
      `<g transform="rotate(-45 ${x} ${top - 6})">${label(x, top - 6, cutToFit(toolLabel(column), MAX_LABEL_CHARS), 'start', 'axis')}</g>`,
    );
  });
  rows.forEach((row, j) => {
    const y = top + j * CELL;
    parts.push(label(left - 8, y + CELL / 2 + 4, cutToFit(toolLabel(row), MAX_LABEL_CHARS), 'end', 'axis'));
    const inRow = table.cells.filter((c) => c.expected === row);
    const total = inRow.reduce((n, c) => n + c.count, 0);
    columns.forEach((column, i) => {
      const cell = inRow.find((c) => c.chosen === column);
      const x = left + i * CELL;
      if (!cell) {
        parts.push(rect(x + 1, y + 1, CELL - 2, CELL - 2, '#f6f8fa'));
        return;
      }
      const share = total === 0 ? 0 : cell.count / total;
      const right = row === column;
      const title = `${model}: expected ${toolLabel(row)}, called ${toolLabel(column)} first in ${cell.count} samples: ${casesText(cell, 8)}`;
      parts.push(
        `<g class="confusion-cell${right ? '' : ' confused'}">${rect(x + 1, y + 1, CELL - 2, CELL - 2, shade(share, right), title)}`,
      );
      parts.push(`${label(x + CELL / 2, y + CELL / 2 + 4, String(cell.count), 'middle', 'cell')}</g>`);
    });
  });
  const width = left + columns.length * CELL + 8;
  const height = top + rows.length * CELL + 4;
  return chart(
    `confusion heat map for ${model}: ${table.samples} samples, ${rows.length} expected and ${columns.length} chosen tools`,
    width,
    height,
    parts.join(''),
  );
}

/** Light to saturated with the share of the row; light enough at the top for dark text. */
function shade(share: number, right: boolean): string {
  const lightness = Math.round(92 - Math.min(1, Math.max(0, share)) * 22);
  return `hsl(${right ? 130 : 0}, 70%, ${lightness}%)`;
}
