/** Model x case heatmap: one cell per case and model, coloured by passes/runs and labelled "3/5". */

import type { EvalReport } from '../model.js';
import { chart, label, NEUTRAL, passColour, rect } from './svg.js';
import { cutToFit } from '../../shared/cut.js';

const CELL_W = 96;
const CELL_H = 26;
const HEADER_H = 40;
const CHARS_PER_PX = 7;
const MAX_LABEL_CHARS = 40;
/** Beyond this many rows the chart stops being readable; the cases table below lists them all. */
const HEATMAP_MAX_ROWS = 300;

export function heatmap(ev: EvalReport): string {
  const models = ev.matrix.models;
  const rows = ev.matrix.rows.slice(0, HEATMAP_MAX_ROWS);
  const longest = Math.max(4, ...rows.map((r) => Math.min(r.id.length, MAX_LABEL_CHARS)));
  const left = longest * CHARS_PER_PX + 12;
  const width = left + models.length * CELL_W + 4;
  const height = HEADER_H + rows.length * CELL_H + 4;

  const parts: string[] = [];
  models.forEach((model, col) => {
    parts.push(label(left + col * CELL_W + CELL_W / 2, HEADER_H - 10, cutToFit(model, 13), 'middle', 'axis'));
  });
  rows.forEach((row, i) => {
    const y = HEADER_H + i * CELL_H;
    parts.push(label(left - 8, y + CELL_H / 2 + 4, cutToFit(row.id, MAX_LABEL_CHARS), 'end', 'axis'));
    models.forEach((model, col) => {
      const cell = row.cells[model];
      const x = left + col * CELL_W;
      if (!cell) {
        parts.push(rect(x + 1, y + 1, CELL_W - 2, CELL_H - 2, NEUTRAL, `${row.id} with ${model}: not run`));
        parts.push(label(x + CELL_W / 2, y + CELL_H / 2 + 4, '—', 'middle', 'cell'));
        return;
      }
      const text = cell.status === 'error' ? 'error' : `${cell.passes}/${cell.runs}`;
      const notes = [cell.status, cell.flaky ? 'flaky' : ''].filter(Boolean).join(', ');
      const fill = cell.status === 'error' || cell.runs === 0 ? NEUTRAL : passColour(cell.passes / cell.runs);
      parts.push(
        `<g class="heat-cell${cell.flaky ? ' flaky' : ''}">${rect(x + 1, y + 1, CELL_W - 2, CELL_H - 2, fill, `${row.id} with ${model}: ${text} passed (${notes})`)}`,
      );
      parts.push(`${label(x + CELL_W / 2, y + CELL_H / 2 + 4, text, 'middle', 'cell')}</g>`);
    });
  });

  const hidden = ev.matrix.rows.length - rows.length;
  const note = hidden > 0 ? `<p class="note">… ${hidden} more cases: see the cases table.</p>` : '';
  const svg = chart(
    `model x case heatmap: passes of runs for ${ev.matrix.rows.length} cases and ${models.length} models`,
    width,
    height,
    parts.join(''),
  );
  return `<figure class="scroll">${svg}<figcaption>Passes of runs per case and model; red none, green all; a dashed border marks a flaky case, grey an error or a case not run.</figcaption></figure>${note}`;
}
