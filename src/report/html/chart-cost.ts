/** Cost per model (the whole suite, cached calls priced too); an unknown price is written "unknown", never drawn as zero. */

import { usd } from '../format.js';
import type { EvalReport } from '../model.js';
import { BAR, chart, label, rect } from './svg.js';
import { cutToFit } from '../../shared/cut.js';

const LEFT = 150;
const PLOT_W = 380;
const ROW_H = 22;

export function costChart(ev: EvalReport): string {
  const models = ev.matrix.models;
  const costs = models.map((m) => ev.telemetry[m]?.cost.usd ?? null);
  const top = Math.max(...costs.map((c) => c ?? 0));
  const parts: string[] = [];
  models.forEach((model, i) => {
    const y = 6 + i * ROW_H;
    const cost = costs[i] ?? null;
    parts.push(label(0, y + 14, cutToFit(model, 22), 'start', 'axis'));
    if (cost === null) {
      const source = ev.telemetry[model]?.cost.priceSource;
      parts.push(label(LEFT, y + 14, `unknown${source ? ` (${source})` : ''}`, 'start', 'muted'));
      return;
    }
    const width = top > 0 ? (cost / top) * PLOT_W : 0;
    parts.push(rect(LEFT, y + 3, width, ROW_H - 6, BAR, `${model}: ${usd(cost)}`));
    parts.push(label(LEFT + width + 4, y + 14, usd(cost), 'start', 'value'));
  });
  return chart(`cost per model in US dollars (${models.length} models)`, LEFT + PLOT_W + 120, 6 + models.length * ROW_H, parts.join(''));
}
