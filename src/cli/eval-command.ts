/** `mcpgate eval`: flags -> layer 1 (see run/eval-layer.ts) -> reports -> exit code. */

import type { Command } from 'commander';
import { Option } from 'commander';
import type { EvalShard } from '../behavior/runner.js';
import { MCPGATE_VERSION } from '../shared/version.js';
import { CACHE_MODES, type CacheMode } from '../models/cache.js';
import { REPORT_SCHEMA_VERSION, STATUSES, type Report, type Status } from '../report/model.js';
import { renderTerminal } from '../report/terminal.js';
import { describeTarget } from '../wire/target.js';
import { targetFrom } from '../pipeline/target.js';
import { usageError } from '../shared/input-error.js';
import { writeReports } from '../report/formats.js';
import { outputFiles, outputOptions, type OutputFlags } from './outputs.js';
import { collectHeader, fraction, positiveInteger } from './parse.js';
import { runEvalLayer } from '../pipeline/eval-layer.js';

interface EvalFlags extends OutputFlags {
  url?: string;
  stdio?: string;
  golden: string;
  model: string[];
  baseUrl?: string;
  judge?: string;
  runs: number;
  maxSteps: number;
  softFloor: number;
  cache: CacheMode;
  cacheDir: string;
  concurrency: number;
  allowTool: string[];
  header: Record<string, string>;
  timeout: number;
  modelTimeout: number;
  prices?: string;
  shard?: EvalShard;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

export function registerEvalCommand(program: Command): void {
  const command = program
    .command('eval')
    .description('layer 1: run a golden set of tasks through models against the server and score tool use')
    .option('--url <url>', 'Streamable HTTP endpoint of the server')
    .option('--stdio <command>', 'command line that starts the server on stdio')
    .requiredOption('--golden <file>', 'golden set (YAML), e.g. golden/tasks.yaml')
    .option('--model <provider:model>', 'model to evaluate, repeatable for a cross-model matrix; `baseline` is the offline lexical selector', (v: string, all: string[]) => [...all, v], [])
    .option('--base-url <url>', 'base URL for openai-compatible (ending in /v1) or ollama models')
    .option('--judge <provider:model>', 'pinned model that judges task completion against each rubric')
    .addOption(new Option('--runs <n>', 'independent samples per case').default(5).argParser(positiveInteger('--runs')))
    .addOption(new Option('--max-steps <n>', 'model calls allowed per user turn').default(8).argParser(positiveInteger('--max-steps')))
    .addOption(new Option('--soft-floor <fraction>', 'share of runs a soft case must pass (hard cases need all)').default(0.8).argParser(fraction('--soft-floor')))
    .addOption(new Option('--cache <mode>', 'model response cache').choices(CACHE_MODES).default('write'))
    .option('--cache-dir <dir>', 'where cached model responses live', '.mcpgate/cache/models')
    .addOption(new Option('--concurrency <n>', 'samples run at once').default(4).argParser(positiveInteger('--concurrency')))
    .option('--allow-tool <name>', 'a destructive tool the agent may really call (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .option('--header <header>', 'extra HTTP header on every MCP request (repeatable; never shown)', collectHeader, {})
    .addOption(new Option('--timeout <ms>', 'per MCP request timeout').default(10_000).argParser(positiveInteger('--timeout')))
    .addOption(new Option('--model-timeout <ms>', 'per model call timeout').default(60_000).argParser(positiveInteger('--model-timeout')))
    .option('--prices <file>', 'price table (YAML/JSON: prices: {"provider:model": {input, output}} in USD per million tokens) over the defaults')
    .addOption(new Option('--shard <i/n>', 'run only shard i of n (cases split by a stable hash of their id; combine the reports with `mcpgate merge`)').argParser(shardSpec))
    .option('--no-color', 'plain output without ANSI colours')
    .option('--verbose', 'list every case, not only those below their floor or flaky', false)
    .option('--quiet', 'print only the verdict line', false)
    .action(async (flags: EvalFlags) => {
      process.exitCode = await evaluate(flags);
    });
  for (const option of outputOptions()) command.addOption(option);
}

function shardSpec(value: string): EvalShard {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw usageError(`--shard needs i/n with 1 <= i <= n, e.g. 1/4, got "${value}"`);
  return { index, count };
}

async function evaluate(flags: EvalFlags): Promise<number> {
  const target = targetFrom(flags);
  if (flags.model.length === 0) process.stderr.write('mcpgate: no --model given; using the offline lexical baseline (not an LLM)\n');
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const layer1 = await runEvalLayer({
    target,
    golden: flags.golden,
    models: flags.model.length > 0 ? flags.model : ['baseline'],
    judge: flags.judge,
    baseUrl: flags.baseUrl,
    runs: flags.runs,
    maxSteps: flags.maxSteps,
    softFloor: flags.softFloor,
    cache: flags.cache,
    cacheDir: flags.cacheDir,
    concurrency: flags.concurrency,
    allowTools: flags.allowTool,
    headers: flags.header,
    timeoutMs: flags.timeout,
    modelTimeoutMs: flags.modelTimeout,
    prices: flags.prices,
    shard: flags.shard,
  });
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcpgate', version: MCPGATE_VERSION },
    startedAt,
    durationMs: Math.round(performance.now() - started),
    target: { transport: target.kind, endpoint: describeTarget(target), era: layer1.era, ...(layer1.serverInfo ? { serverInfo: layer1.serverInfo } : {}), fingerprint: layer1.outcome.fingerprint },
    checks: [],
    summary: { total: 0, byStatus, mustFailures: 0, shouldFailures: 0, expectedFailures: 0, staleExpectedFailures: [] },
    verdict: layer1.verdict,
    options: { strict: false, allowTools: flags.allowTool },
    eval: layer1.outcome.report,
  };
  writeReports(report, outputFiles(flags), { anchorFile: flags.golden });
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  if (flags.quiet) process.stdout.write(`${report.verdict.reason} (exit code ${report.verdict.exitCode})\n`);
  else process.stdout.write(renderTerminal(report, { color, verbose: flags.verbose }));
  return report.verdict.exitCode;
}
