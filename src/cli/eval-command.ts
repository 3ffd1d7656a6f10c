/** `mcpgate eval`: flags -> golden set, models, MCP session -> layer 1 run -> reports -> exit code. */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Option } from 'commander';
import { GoldenSetError, loadGoldenSet } from '../behavior/golden/index.js';
import { runEval, type EvalModel } from '../behavior/runner.js';
import { evalVerdict } from '../behavior/verdict.js';
import { EXIT } from '../conformance/verdict.js';
import { MCPGATE_VERSION } from '../conformance/runner.js';
import { withCache, type CacheMode } from '../models/cache.js';
import { createModel } from '../models/registry.js';
import { ModelError, type CallStats } from '../models/types.js';
import { renderJson } from '../report/json.js';
import { REPORT_SCHEMA_VERSION, STATUSES, type Report, type Status } from '../report/model.js';
import { renderTerminal } from '../report/terminal.js';
import { defaultPriceTable, loadPriceTable, PriceTableError } from '../telemetry/prices.js';
import { createTracing } from '../telemetry/tracing.js';
import { isWireError } from '../wire/errors.js';
import { openSession } from '../wire/session.js';
import { describeTarget } from '../wire/target.js';
import { targetFrom } from './check-command.js';
import { CliError, usageError } from './errors.js';
import { writeFileAtomic } from './files.js';
import { collectHeader, fraction, positiveInteger } from './parse.js';
import { progressReporter } from './progress.js';

interface EvalFlags {
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
  report?: string;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

const CACHE_MODES: CacheMode[] = ['off', 'read', 'write', 'refresh'];

export function registerEvalCommand(program: Command): void {
  program
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
    .option('--report <file>', 'write the JSON report to this file')
    .option('--no-color', 'plain output without ANSI colours')
    .option('--verbose', 'list every case, not only those below their floor or flaky', false)
    .option('--quiet', 'print only the verdict line', false)
    .action(async (flags: EvalFlags) => {
      process.exitCode = await evaluate(flags);
    });
}

function createModels(flags: EvalFlags): { models: EvalModel[]; judge?: EvalModel } {
  const specs = flags.model.length > 0 ? flags.model : ['baseline'];
  if (flags.model.length === 0) process.stderr.write('mcpgate: no --model given; using the offline lexical baseline (not an LLM)\n');
  if (new Set(specs).size !== specs.length) throw usageError('the same --model is given twice');
  const build = (spec: string): EvalModel => {
    const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
    const client = createModel(spec, { baseUrl: flags.baseUrl, timeoutMs: flags.modelTimeout });
    return { client: withCache(client, { dir: flags.cacheDir, mode: flags.cache }, stats), stats };
  };
  try {
    return { models: specs.map(build), ...(flags.judge ? { judge: build(flags.judge) } : {}) };
  } catch (error) {
    if (error instanceof ModelError) throw new CliError(error.message, error.kind === 'missing-credentials' ? EXIT.missingCredentials : EXIT.usage);
    throw error;
  }
}

async function evaluate(flags: EvalFlags): Promise<number> {
  const target = targetFrom(flags);
  let golden;
  try {
    golden = loadGoldenSet(flags.golden);
  } catch (error) {
    if (error instanceof GoldenSetError) throw usageError(error.message);
    throw error;
  }
  let prices;
  try {
    prices = flags.prices ? loadPriceTable(flags.prices) : defaultPriceTable();
  } catch (error) {
    if (error instanceof PriceTableError) throw usageError(error.message);
    throw error;
  }
  const { models, judge } = createModels(flags);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const tracing = createTracing();
  let session;
  try {
    session = await openSession(target, { timeoutMs: flags.timeout, maxResponseBytes: 4 * 1024 * 1024, headers: flags.header }, tracing);
  } catch (error) {
    await tracing.shutdown();
    if (isWireError(error)) throw new CliError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
  const progress = progressReporter('evaluating');
  let outcome;
  try {
    outcome = await runEval({
      session,
      golden,
      goldenSha256: createHash('sha256').update(readFileSync(flags.golden)).digest('hex'),
      models,
      judge: judge?.client,
      runs: flags.runs,
      maxSteps: flags.maxSteps,
      temperature: 0,
      softFloor: flags.softFloor,
      allowTools: flags.allowTool,
      concurrency: flags.concurrency,
      cacheMode: flags.cache,
      tracing,
      prices,
      onProgress: (done, total, label) => progress.update(done, total, label),
    });
  } finally {
    progress.clear();
    await session.close();
    await tracing.shutdown();
  }
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcpgate', version: MCPGATE_VERSION },
    startedAt,
    durationMs: Math.round(performance.now() - started),
    target: { transport: target.kind, endpoint: describeTarget(target), era: session.era, ...(session.serverInfo ? { serverInfo: session.serverInfo } : {}) },
    checks: [],
    summary: { total: 0, byStatus, mustFailures: 0, shouldFailures: 0, expectedFailures: 0, staleExpectedFailures: [] },
    verdict: evalVerdict(outcome),
    options: { strict: false, allowTools: flags.allowTool },
    eval: outcome.report,
  };
  if (flags.report) writeFileAtomic(flags.report, renderJson(report));
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  if (flags.quiet) process.stdout.write(`${report.verdict.reason} (exit code ${report.verdict.exitCode})\n`);
  else process.stdout.write(renderTerminal(report, { color, verbose: flags.verbose }));
  return report.verdict.exitCode;
}
