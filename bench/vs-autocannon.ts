/**
 * `mcpgate bench` against autocannon, the reference HTTP load generator, on the same endpoint:
 * the bundled reference server over HTTP, the same correct tools/list POST (2026-07-28 headers and
 * `_meta`), the same concurrency and duration. One unmeasured round warms the server's JIT; then
 * runs alternate, each round swapping who goes first, so drift on a shared machine hits both
 * alike, and medians are compared. Targets: mcpgate's
 * requests/s at least 1.0x autocannon's, and its p99 at most 1.2x autocannon's (the p50 is printed
 * too).
 *
 * autocannon's own latency histogram has 1 ms resolution (its p50 here is 0 or 1), so its
 * percentiles are taken from the exact response times it emits per request, recorded in mcpgate's
 * histogram; its integer figures are printed beside them. A benchmark that prints figures, not a test.
 *
 *   npm run build && node dist/bench/vs-autocannon.js [--runs 5] [--duration 3] [--concurrency 10]
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';
import { CLIENT_INFO } from '../src/wire/modern-client.js';
import { HEADERS, META, PROTOCOL_VERSION } from '../src/spec/protocol.js';
import { LatencyHistogram } from '../src/telemetry/histogram.js';
import type { BenchReport } from '../src/report/model.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const server = join(root, 'examples/reference-server/main.js');
const flag = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const runs = flag('--runs', 5);
const durationS = flag('--duration', 3);
const concurrency = flag('--concurrency', 10);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  extra: string;
}

/** The slice of autocannon's JS API used here (it ships no types). */
type Autocannon = (
  options: Record<string, unknown>,
  done: (
    error: Error | null,
    result: { requests: { total: number }; duration: number; latency: { p50: number; p99: number }; errors: number; non2xx: number },
  ) => void,
) => { on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void };
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: { _meta: { [META.protocolVersion]: PROTOCOL_VERSION, [META.clientCapabilities]: {}, [META.clientInfo]: CLIENT_INFO } },
});
const headers = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  [HEADERS.protocolVersion]: PROTOCOL_VERSION,
  [HEADERS.method]: 'tools/list',
};

function runAutocannon(url: string, seconds = durationS): Promise<Figures> {
  const latency = new LatencyHistogram();
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon({ url, method: 'POST', headers, body, connections: concurrency, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      const failed = result.errors + result.non2xx;
      if (failed > 0) return reject(new Error(`autocannon saw ${failed} failed requests`));
      resolvePromise({
        rps: result.requests.total / result.duration,
        p50: latency.percentile(50) / 1000,
        p99: latency.percentile(99) / 1000,
        extra: `(its own 1 ms histogram: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms)`,
      });
    });
    instance.on('response', (_client, _status, _bytes, ms) => latency.recordMs(ms));
  });
}

function runMcpgate(url: string, run: number, seconds = durationS): Promise<Figures> {
  const reportFile = join(tmpdir(), `mcpgate-vs-autocannon-${process.pid}-${run}.json`);
  const args = [
    cli,
    'bench',
    '--url',
    url,
    '--concurrency',
    String(concurrency),
    '--duration',
    `${seconds}s`,
    '--report',
    reportFile,
    '--quiet',
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.resume();
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`mcpgate bench exited ${code}`));
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as BenchReport;
      const failed = report.results.requests - report.results.ok;
      if (failed > 0) return reject(new Error(`mcpgate bench saw ${failed} failed requests: ${JSON.stringify(report.results.errors)}`));
      const { p50, p99 } = report.results.latencyMs;
      resolvePromise({ rps: report.results.rps, p50, p99, extra: '' });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const reference = await launchHttpServer(process.execPath, [server]);
try {
  console.log(
    `tools/list against the reference server (${reference.url}), concurrency ${concurrency}, ${durationS} s per run, ${runs} runs each, alternating`,
  );
  await runAutocannon(reference.url, 1);
  await runMcpgate(reference.url, 0, 1);
  const results: Record<'autocannon' | 'mcpgate', Figures[]> = { autocannon: [], mcpgate: [] };
  const measure = async (tool: 'autocannon' | 'mcpgate', run: number): Promise<void> => {
    const figures = tool === 'autocannon' ? await runAutocannon(reference.url) : await runMcpgate(reference.url, run);
    results[tool].push(figures);
    console.log(
      `  run ${run} ${tool.padEnd(10)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50.toFixed(3)} ms  p99 ${figures.p99.toFixed(3)} ms ${figures.extra}`,
    );
  };
  for (let run = 1; run <= runs; run++) {
    const order = run % 2 === 1 ? (['autocannon', 'mcpgate'] as const) : (['mcpgate', 'autocannon'] as const);
    for (const tool of order) await measure(tool, run);
  }
  const med = (tool: 'autocannon' | 'mcpgate', key: 'rps' | 'p50' | 'p99'): number => median(results[tool].map((r) => r[key]));
  const ac = { rps: med('autocannon', 'rps'), p50: med('autocannon', 'p50'), p99: med('autocannon', 'p99') };
  const mg = { rps: med('mcpgate', 'rps'), p50: med('mcpgate', 'p50'), p99: med('mcpgate', 'p99') };
  const ratio = { rps: mg.rps / ac.rps, p50: mg.p50 / ac.p50, p99: mg.p99 / ac.p99 };
  // Each round's two runs are back to back, so their ratio is the least disturbed by other load.
  const perRound = (key: 'rps' | 'p50' | 'p99'): number => median(results.mcpgate.map((m, i) => m[key] / results.autocannon[i]![key]));
  const row = (name: string, rps: string, p50: string, p99: string): string =>
    `${name.padEnd(12)}${rps.padStart(12)}${p50.padStart(10)}${p99.padStart(10)}`;
  console.log('');
  console.log(row('median', 'requests/s', 'p50 ms', 'p99 ms'));
  console.log(row('autocannon', ac.rps.toFixed(0), ac.p50.toFixed(3), ac.p99.toFixed(3)));
  console.log(row('mcpgate', mg.rps.toFixed(0), mg.p50.toFixed(3), mg.p99.toFixed(3)));
  console.log(row('ratio', ratio.rps.toFixed(2), ratio.p50.toFixed(2), ratio.p99.toFixed(2)));
  console.log(
    `${row('per round', perRound('rps').toFixed(2), perRound('p50').toFixed(2), perRound('p99').toFixed(2))}   (median of each round's mcpgate/autocannon ratio)`,
  );
  console.log(`target: requests/s >= 1.0x autocannon: ${ratio.rps >= 1 ? 'met' : 'NOT met'} (${ratio.rps.toFixed(2)}x)`);
  console.log(`target: p99 <= 1.2x autocannon: ${ratio.p99 <= 1.2 ? 'met' : 'NOT met'} (${ratio.p99.toFixed(2)}x)`);
} finally {
  await reference.stop();
}
