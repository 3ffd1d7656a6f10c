/** `mcpgate bench`: flags -> load run (layer 3) -> summary, optional JSON file -> exit code. */

import type { Command } from 'commander';
import { Option } from 'commander';
import { MCPGATE_VERSION } from '../shared/version.js';
import { EXIT } from '../shared/exit-codes.js';
import { runBench, type BenchOptions } from '../telemetry/load/bench.js';
import { parseDuration } from '../telemetry/load/duration.js';
import { formatBench } from '../telemetry/load/format.js';
import { BenchStartError } from '../telemetry/load/open-targets.js';
import type { BenchReport, LoadMode } from '../telemetry/load/report.js';
import type { LoadCounters } from '../telemetry/load/run-load.js';
import type { Target } from '../wire/target.js';
import { targetFrom } from '../pipeline/target.js';
import { InputError, usageError } from '../shared/input-error.js';
import { writeFileAtomic } from '../shared/files.js';
import { collectHeader, positiveInteger } from './parse.js';
import { progressReporter } from '../report/progress.js';

interface BenchFlags {
  url: string[];
  stdio?: string;
  instances: number;
  concurrency?: number;
  rate?: number;
  duration?: number;
  requests?: number;
  tool?: string;
  args?: string;
  allowTool: string[];
  header: Record<string, string>;
  warmup: number;
  timeout: number;
  report?: string;
  color: boolean;
  quiet: boolean;
}

const DEFAULT_CONCURRENCY = 10;
/** In rate mode, the most requests in flight unless --concurrency says otherwise. */
const DEFAULT_RATE_IN_FLIGHT = 64;
const DEFAULT_DURATION_MS = 10_000;
const PROGRESS_EVERY_MS = 250;

export function registerBenchCommand(program: Command): void {
  program
    .command('bench')
    .description('layer 3: load the server at a fixed concurrency or rate; report throughput, latency percentiles and errors')
    .option('--url <url>', 'Streamable HTTP endpoint; repeat it to spread the load over instances and compare their answers', (v: string, all: string[]) => [...all, v], [])
    .option('--stdio <command>', 'command line that starts the server on stdio')
    .addOption(new Option('--instances <n>', 'with --stdio: start this many server processes and compare their answers').default(1).argParser(positiveInteger('--instances')))
    .addOption(new Option('--concurrency <n>', `requests in flight (closed loop; default ${DEFAULT_CONCURRENCY}); with --rate, the most in flight (default ${DEFAULT_RATE_IN_FLIGHT})`).argParser(positiveInteger('--concurrency')))
    .addOption(new Option('--rate <r>', 'requests per second on a fixed schedule (open loop, latency from the intended send time)').argParser(positiveNumber('--rate')))
    .addOption(new Option('--duration <d>', `length of the measured phase, e.g. 500ms, 30s, 1m (default ${DEFAULT_DURATION_MS / 1000}s unless --requests)`).argParser(durationFlag))
    .addOption(new Option('--requests <n>', 'number of measured requests').argParser(positiveInteger('--requests')))
    .option('--tool <name>', 'call this tool (tools/call) instead of tools/list; read-only tools only, unless --allow-tool names it')
    .option('--args <json>', 'arguments of --tool as a JSON object', undefined)
    .option('--allow-tool <name>', 'a tool that may be called under load although it is not annotated read-only (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .option('--header <header>', 'extra HTTP header on every request, e.g. "Authorization: Bearer $TOKEN" (repeatable; never shown)', collectHeader, {})
    .addOption(new Option('--warmup <n>', 'requests sent and not measured before the run').default(0).argParser(nonNegativeInteger('--warmup')))
    .addOption(new Option('--timeout <ms>', 'per-request timeout in milliseconds').default(10_000).argParser(positiveInteger('--timeout')))
    .option('--report <file>', 'write the results as JSON to this file')
    .option('--no-color', 'plain output without ANSI colours')
    .option('--quiet', 'print only the one-line result', false)
    .action(async (flags: BenchFlags) => {
      process.exitCode = await bench(flags);
    });
}

async function bench(flags: BenchFlags): Promise<number> {
  const options = benchOptions(flags);
  const progress = progressReporter('bench');
  let ticker: NodeJS.Timeout | undefined;
  options.onMeasureStart = (counters) => {
    if (!flags.quiet) ticker = showProgress(counters, options, progress.update);
  };
  let report: BenchReport;
  try {
    report = await runBench(options);
  } catch (error) {
    if (error instanceof BenchStartError) {
      throw new InputError(error.message, error.kind === 'usage' ? EXIT.usage : error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    }
    throw error;
  } finally {
    clearInterval(ticker);
    progress.clear();
  }
  if (flags.report) writeFileAtomic(flags.report, `${JSON.stringify(report, null, 2)}\n`);
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  process.stdout.write(flags.quiet ? oneLine(report) : formatBench(report, { color }));
  return EXIT.pass;
}

function benchOptions(flags: BenchFlags): BenchOptions {
  if (flags.url.length > 0 && flags.stdio) throw usageError('give either --url or --stdio, not both');
  if (flags.url.length === 0 && !flags.stdio) throw usageError('say which server to load: --url http://HOST:PORT/mcp (repeatable) or --stdio "COMMAND ARGS"');
  if (flags.instances > 1 && !flags.stdio) throw usageError('--instances starts several stdio servers; for HTTP, repeat --url once per instance');
  const targets: Target[] = flags.stdio
    ? Array.from({ length: flags.instances }, () => targetFrom({ stdio: flags.stdio }))
    : flags.url.map((url) => targetFrom({ url }));
  const mode: LoadMode =
    flags.rate !== undefined
      ? { kind: 'rate', rate: flags.rate, maxInFlight: flags.concurrency ?? DEFAULT_RATE_IN_FLIGHT }
      : { kind: 'concurrency', concurrency: flags.concurrency ?? DEFAULT_CONCURRENCY };
  if (flags.args !== undefined && flags.tool === undefined) throw usageError('--args needs --tool NAME');
  // The bench writes its HTTP requests itself: a line break in a value would split the request.
  if (Object.values(flags.header).some((value) => /[\r\n]/.test(value))) throw usageError('--header values may not contain line breaks');
  return {
    targets,
    call: flags.tool === undefined ? { method: 'tools/list', params: {} } : { method: 'tools/call', params: { name: flags.tool, arguments: toolArguments(flags.args) } },
    mode,
    durationMs: flags.duration ?? (flags.requests === undefined ? DEFAULT_DURATION_MS : undefined),
    requests: flags.requests,
    warmup: flags.warmup,
    allowTools: flags.allowTool,
    timeoutMs: flags.timeout,
    maxResponseBytes: 4 * 1024 * 1024,
    headers: flags.header,
    toolVersion: MCPGATE_VERSION,
  };
}

function toolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(`--args is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw usageError('--args must be a JSON object, for example \'{"city":"Paris"}\'');
  return value as Record<string, unknown>;
}

/** Redraws the progress line: requests done, the rate over the last interval, errors. */
function showProgress(counters: LoadCounters, options: BenchOptions, update: (done: number, total: number, label: string) => void): NodeJS.Timeout {
  let lastCompleted = 0;
  let lastAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const rps = ((counters.completed - lastCompleted) / (now - lastAt)) * 1000;
    lastCompleted = counters.completed;
    lastAt = now;
    const failed = counters.completed - counters.ok;
    const rest = `${Math.round(rps)} req/s, ${failed} error${failed === 1 ? '' : 's'}`;
    if (options.requests !== undefined) update(counters.completed, options.requests, `requests, ${rest}`);
    else update(Math.floor((now - counters.startedAt) / 1000), Math.round(options.durationMs! / 1000), `s, ${counters.completed} requests, ${rest}`);
  }, PROGRESS_EVERY_MS);
  timer.unref();
  return timer;
}

function oneLine(report: BenchReport): string {
  const { rps, latencyMs, errors, requests } = report.results;
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  const divergence = report.statelessness?.divergent ? ', answers DIVERGE between instances' : '';
  return `${requests} requests, ${rps.toFixed(1)} requests/s, p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, p99 ${latencyMs.p99} ms, ${failed} errors${divergence}\n`;
}

function durationFlag(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined) throw usageError(`--duration needs a duration such as 500ms, 10s or 1m, got "${value}"`);
  return ms;
}

function positiveNumber(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw usageError(`${flag} needs a positive number, got "${value}"`);
    return n;
  };
}

function nonNegativeInteger(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw usageError(`${flag} needs a whole number, 0 or more, got "${value}"`);
    return n;
  };
}
