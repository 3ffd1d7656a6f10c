/** `mcpgate bench`: flags -> load run (layer 3) -> summary, optional JSON file -> exit code. */

import { credentialsFromFlags } from '../../pipeline/credentials.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../pipeline/defaults.js';
import { targetFrom } from '../../pipeline/target.js';
import { jsonText } from '../../report/json-text.js';
import type { BenchReport, LoadMode } from '../../report/model.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeFileAtomic } from '../../shared/files.js';
import { InputError, usageError } from '../../shared/input-error.js';
import { MCPGATE_VERSION } from '../../shared/version.js';
import { runBench, type BenchOptions } from '../../telemetry/load/bench.js';
import { formatBench } from '../../telemetry/load/format.js';
import { BenchStartError } from '../../telemetry/load/open-targets.js';
import type { TokenProvider } from '../../wire/credentials.js';
import { describeTarget, type Target } from '../../wire/target.js';
import { useColor } from '../display.js';
import type { BenchFlags } from './flags.js';
import { BENCH_DEFAULTS } from './defaults.js';
import { benchDetails } from './details.js';
import { showProgress } from './progress.js';
import { redactDeep } from '../../shared/redact.js';
import { writeOut } from '../console.js';

function toolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(`--args is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw usageError('--args must be a JSON object, for example \'{"city":"Paris"}\'');
  return Object.fromEntries(Object.entries(value));
}

function benchOptions(flags: BenchFlags): BenchOptions {
  if (flags.url.length > 0 && flags.stdio) throw usageError('give either --url or --stdio, not both');
  if (flags.url.length === 0 && !flags.stdio)
    throw usageError('say which server to load: --url http://HOST:PORT/mcp (repeatable) or --stdio "COMMAND ARGS"');
  if (flags.instances > 1 && !flags.stdio)
    throw usageError('--instances starts several stdio servers; for HTTP, repeat --url once per instance');
  const targets: Target[] = flags.stdio
    ? Array.from({ length: flags.instances }, () => targetFrom({ stdio: flags.stdio, env: flags.env }))
    : flags.url.map((url) => targetFrom({ url, env: flags.env }));
  const mode: LoadMode =
    flags.rate !== undefined
      ? { kind: 'rate', rate: flags.rate, maxInFlight: flags.concurrency ?? BENCH_DEFAULTS.rateInFlight }
      : { kind: 'concurrency', concurrency: flags.concurrency ?? BENCH_DEFAULTS.concurrency };
  if (flags.args !== undefined && flags.tool === undefined) throw usageError('--args needs --tool NAME');
  // The bench writes its HTTP requests itself: a line break in a value would split the request.
  if (Object.values(flags.header).some((value) => /[\r\n]/.test(value))) throw usageError('--header values may not contain line breaks');
  return {
    targets,
    call:
      flags.tool === undefined
        ? { method: 'tools/list', params: {} }
        : { method: 'tools/call', params: { name: flags.tool, arguments: toolArguments(flags.args) } },
    mode,
    durationMs: flags.duration ?? (flags.requests === undefined ? BENCH_DEFAULTS.durationMs : undefined),
    requests: flags.requests,
    warmup: flags.warmup,
    allowTools: flags.allowTool,
    timeoutMs: flags.timeout,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    headers: flags.header,
    toolVersion: MCPGATE_VERSION,
  };
}

function oneLine(report: BenchReport): string {
  const { rps, latencyMs, errors, requests } = report.results;
  const failed = Object.values(errors).reduce((a, b) => a + b, 0);
  const divergence = report.statelessness?.divergent ? ', answers DIVERGE between instances' : '';
  return `${requests} requests, ${rps.toFixed(1)} requests/s, p50 ${latencyMs.p50} ms, p95 ${latencyMs.p95} ms, p99 ${latencyMs.p99} ms, ${failed} errors${divergence}\n`;
}

/** One OAuth client per HTTP instance: each instance is a resource of its own, with its own tokens. */
function instanceCredentials(flags: BenchFlags, targets: readonly Target[]): BenchOptions['credentialsFor'] {
  const clients = new Map<string, TokenProvider>();
  for (const target of targets) {
    const { credentials } = credentialsFromFlags(target, flags);
    if (credentials) clients.set(describeTarget(target), credentials);
  }
  return clients.size === 0 ? undefined : (target) => clients.get(describeTarget(target));
}

export async function bench(flags: BenchFlags): Promise<number> {
  const options = benchOptions(flags);
  const credentialsFor = instanceCredentials(flags, options.targets);
  if (credentialsFor) options.credentialsFor = credentialsFor;
  let stopProgress: (() => void) | undefined;
  options.onMeasureStart = (counters) => {
    if (!flags.quiet) stopProgress = showProgress(counters, options);
  };
  let report: BenchReport;
  try {
    report = await runBench(options);
  } catch (error) {
    if (error instanceof BenchStartError) {
      throw new InputError(
        error.message,
        error.kind === 'usage' ? EXIT.usage : error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable,
      );
    }
    throw error;
  } finally {
    stopProgress?.();
  }
  // Masked whole before it is written or printed: error kinds and differing answers quote the server.
  const masked = redactDeep(report);
  if (flags.report) writeFileAtomic(flags.report, `${jsonText(masked)}\n`);
  if (flags.quiet) writeOut(oneLine(masked));
  else writeOut(formatBench(masked, { color: useColor(flags) }) + (flags.verbose ? benchDetails(masked) : ''));
  return EXIT.pass;
}
