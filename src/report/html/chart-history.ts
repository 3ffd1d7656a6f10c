/**
 * Pass rate per case over time, one small line per case and model, from the run history with this
 * report as the newest point. Small multiples rather than one chart: thirty overlaid lines are unreadable.
 */

import { percent } from '../format.js';
import type { HistoryEntry, Report } from '../model.js';
import { esc } from './escape.js';
import { chart, num } from './svg.js';

const W = 180;
const H = 32;
const PAD = 3;
/** Rows beyond this are listed as a count; the JSON history holds them all. */
const MAX_SERIES = 100;

/** What the chart reads of a history entry: when the run started and each case's pass rate. */
export interface HistoryPoint {
  startedAt: string;
  cases: ReadonlyArray<Pick<HistoryEntry['cases'][number], 'id' | 'model' | 'passRate'>>;
}

interface Point {
  startedAt: string;
  rates: Map<string, number>;
}

export function historySection(report: Report, history: readonly HistoryPoint[]): string {
  const heading = '<h3 id="history">Pass rate per case over time</h3>';
  if (history.length === 0) {
    return `${heading}<p class="note">No run history was given, so there is nothing to chart over time. Runs recorded in .mcpgate/history appear here.</p>`;
  }
  const points = timeline(report, history);
  const keys = [...new Set(points.flatMap((p) => [...p.rates.keys()]))].sort();
  const rows = keys.slice(0, MAX_SERIES).map((key) => {
    const [id = '', model = ''] = key.split('\u0000');
    const rates = points.map((p) => p.rates.get(key));
    const latest = rates.at(-1);
    return `<tr><th scope="row">${esc(id)}</th><td>${esc(model)}</td><td>${sparkline(`pass rate over time of ${id} with ${model}`, rates)}</td><td>${latest === undefined ? 'not run' : percent(latest)}</td></tr>`;
  });
  const more =
    keys.length > MAX_SERIES ? `<p class="note">… ${keys.length - MAX_SERIES} more case and model pairs in the history files.</p>` : '';
  return (
    `${heading}<table class="history"><caption>Pass rate of each case and model over the last ${points.length} runs (oldest left)</caption>` +
    `<thead><tr><th scope="col">Case</th><th scope="col">Model</th><th scope="col">Trend</th><th scope="col">Latest</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>${more}`
  );
}

/** History in time order, then this report unless the history already holds it. */
function timeline(report: Report, history: readonly HistoryPoint[]): Point[] {
  const key = (id: string, model: string): string => `${id}\u0000${model}`;
  const points: Point[] = [...history]
    .filter((h) => h.startedAt <= report.startedAt)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((h) => ({ startedAt: h.startedAt, rates: new Map(h.cases.map((c) => [key(c.id, c.model), c.passRate])) }));
  if (report.eval && points.at(-1)?.startedAt !== report.startedAt) {
    points.push({ startedAt: report.startedAt, rates: new Map(report.eval.cases.map((c) => [key(c.id, c.model), c.passRate])) });
  }
  return points;
}

/**
 * A share over runs (0 to 1), named by `what` and its values for screen readers. A missing run (case
 * not in that run) breaks the line rather than being drawn as 0%.
 */
export function sparkline(what: string, rates: Array<number | undefined>): string {
  const step = rates.length > 1 ? (W - 2 * PAD) / (rates.length - 1) : 0;
  const x = (i: number): number => (rates.length > 1 ? PAD + i * step : W / 2);
  const y = (r: number): number => PAD + (1 - r) * (H - 2 * PAD);
  const segments: string[][] = [[]];
  const dots: string[] = [];
  rates.forEach((r, i) => {
    if (r === undefined) {
      segments.push([]);
      return;
    }
    segments.at(-1)!.push(`${num(x(i))},${num(y(r))}`);
    dots.push(`<circle cx="${num(x(i))}" cy="${num(y(r))}" r="2"/>`);
  });
  const lines = segments.filter((s) => s.length > 1).map((s) => `<polyline points="${s.join(' ')}"/>`);
  const grid = `<line class="grid" x1="0" x2="${W}" y1="${num(y(1))}" y2="${num(y(1))}"/><line class="grid" x1="0" x2="${W}" y1="${num(y(0))}" y2="${num(y(0))}"/>`;
  const shown = rates.map((r) => (r === undefined ? 'not run' : percent(r))).join(', ');
  return chart(`${what}: ${shown}`, W, H, `${grid}<g class="spark">${lines.join('')}${dots.join('')}</g>`);
}
