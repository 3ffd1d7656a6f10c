/**
 * Latency per model as percentile bars (p50, p90, p95, p99, max of one run of a case, model and
 * server time together). Drawn from the telemetry figures, not re-bucketed from trajectories, so the
 * chart shows exactly the numbers the terminal, JSON and Markdown reports give.
 */

import { ms } from '../format.js';
import type { EvalReport, LatencyFigures } from '../model.js';
import { BAR, chart, label, rect } from './svg.js';
import { cutToFit } from '../../shared/cut.js';

const PERCENTILES: Array<keyof LatencyFigures> = ['p50', 'p90', 'p95', 'p99', 'max'];
const LEFT = 150;
const PLOT_W = 380;
const BAR_H = 14;
const GROUP_GAP = 14;

export function latencyChart(ev: EvalReport): string {
  const models = ev.matrix.models;
  const figures = models.map((m) => ev.telemetry[m]?.runMs ?? null);
  const top = Math.max(1, ...figures.map((f) => f?.max ?? 0));
  const groupH = PERCENTILES.length * BAR_H + GROUP_GAP;
  const parts: string[] = [];
  models.forEach((model, i) => {
    const y0 = 8 + i * groupH;
    parts.push(label(0, y0 + 12, cutToFit(model, 22), 'start', 'axis'));
    const f = figures[i];
    if (!f) {
      parts.push(label(LEFT, y0 + 12, 'no latency measured', 'start', 'muted'));
      return;
    }
    PERCENTILES.forEach((p, j) => {
      const y = y0 + j * BAR_H;
      const width = (f[p] / top) * PLOT_W;
      parts.push(label(LEFT - 6, y + BAR_H - 3, p, 'end', 'axis'));
      parts.push(rect(LEFT, y + 1, width, BAR_H - 2, BAR, `${model} ${p}: ${ms(f[p])}`));
      parts.push(label(LEFT + width + 4, y + BAR_H - 3, ms(f[p]), 'start', 'value'));
    });
  });
  const height = 8 + models.length * groupH;
  return chart(`latency per run of a case, percentiles per model (${models.length} models)`, LEFT + PLOT_W + 90, height, parts.join(''));
}
