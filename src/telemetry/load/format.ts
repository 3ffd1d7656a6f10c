/** The terminal summary of a bench run: the figures first, then errors, then the probe's findings. */

import { painter } from '../../report/ansi.js';
import { safe } from '../../report/terminal-escape.js';
import type { BenchReport } from '../../report/model.js';

export function formatBench(report: BenchReport, options: { color: boolean }): string {
  const paint = painter(options.color);
  const { results, settings, statelessness } = report;
  const lat = results.latencyMs;
  const mode =
    settings.mode.kind === 'concurrency'
      ? `concurrency ${settings.mode.concurrency}`
      : `rate ${settings.mode.rate}/s (latency from the intended send time)`;
  const what = settings.method === 'tools/call' ? `tools/call ${safe(settings.tool ?? '')}` : 'tools/list';
  const endpoints = report.target.endpoints;
  // N stdio instances share one command line: name it once.
  const where = [...new Set(endpoints)].map(safe).join(', ') + (endpoints.length > 1 ? ` x${endpoints.length} instances` : '');
  const lines = [
    `${paint('bold', 'mcpgate bench')} ${what} against ${where} (${report.target.transport}, ${report.target.era === 'modern' ? '2026-07-28' : '2025-era session'}), ${mode}`,
    `  requests   ${results.requests} in ${results.durationMs < 1000 ? `${results.durationMs} ms` : `${(results.durationMs / 1000).toFixed(2)} s`}, ${results.ok} ok`,
    `  throughput ${paint('bold', results.rps.toFixed(1))} requests/s (valid results)`,
    `  latency    p50 ${paint('bold', ms(lat.p50))}  p90 ${ms(lat.p90)}  p95 ${paint('bold', ms(lat.p95))}  p99 ${paint('bold', ms(lat.p99))}  max ${ms(lat.max)}  mean ${ms(lat.mean)}`,
  ];
  const errors = Object.entries(results.errors);
  const failed = errors.reduce((sum, [, n]) => sum + n, 0);
  if (failed === 0) lines.push(`  errors     ${paint('green', 'none')}`);
  else lines.push(`  errors     ${paint('red', String(failed))}: ${errors.map(([kind, n]) => `${safe(kind)} ${n}`).join(', ')}`);
  if (statelessness) {
    if (!statelessness.divergent)
      lines.push(
        `  stateless  ${paint('green', 'no divergence')} across ${statelessness.instances.length} instances (${statelessness.compared})`,
      );
    else lines.push(`  stateless  ${paint('red', 'DIVERGENT')}: answers depend on the instance that served them`);
    for (const f of statelessness.findings) {
      lines.push(
        `    instance ${f.instance} (${safe(f.endpoint)}): ${f.differing} of ${f.compared} answers differ from instance 1 at ${safe(f.path)}`,
      );
      lines.push(`      instance 1: ${safe(f.expected)}`);
      lines.push(`      instance ${f.instance}: ${safe(f.received)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function ms(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}
