/**
 * What `mcpgate bench --verbose` adds under the summary: the settings the figures depend on, the
 * p99.9 latency, and how the load split over the instances, which the summary folds into one line.
 */

import { safe } from '../../report/terminal-escape.js';
import type { BenchReport } from '../../report/model.js';

export function benchDetails(report: BenchReport): string {
  const { settings, results, statelessness } = report;
  const bound = [
    settings.durationMs !== undefined ? `${settings.durationMs} ms` : '',
    settings.requests !== undefined ? `${settings.requests} requests` : '',
  ]
    .filter(Boolean)
    .join(' or ');
  const lines = [
    `  settings   ${settings.warmup} warm-up request(s), ${settings.timeoutMs} ms timeout, measured for ${bound}`,
    `  latency    p99.9 ${results.latencyMs.p999.toFixed(2)} ms`,
    ...(statelessness?.instances ?? []).map(
      (i) => `  instance ${i.instance} ${safe(i.endpoint)}: ${i.requests} requests, ${i.ok} ok, ${i.compared} answers compared`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
