/** `mcpgate check`: flags -> layer 0 run -> reports -> exit code. */

import type { Command } from 'commander';
import { Option } from 'commander';
import { CHECK_IDS, ALL_CHECKS } from '../conformance/checks/index.js';
import { ExpectedFailuresError, loadExpectedFailures } from '../conformance/expected-failures.js';
import { runConformance } from '../conformance/runner.js';
import { renderTerminal } from '../report/terminal.js';
import { targetFrom } from '../pipeline/target.js';
import { usageError } from '../shared/input-error.js';
import { writeReports } from '../report/formats.js';
import { outputFiles, outputOptions, type OutputFlags } from './outputs.js';
import { collectHeader, port, positiveInteger } from './parse.js';
import { startOtlpReceiver, type OtlpReceiver } from '../telemetry/otlp-receiver.js';
import { progressReporter } from '../report/progress.js';

interface CheckFlags extends OutputFlags {
  url?: string;
  stdio?: string;
  strict: boolean;
  expectedFailures?: string;
  allowTool: string[];
  header: Record<string, string>;
  timeout: number;
  maxResponseBytes: number;
  concurrency: number;
  listChecks: boolean;
  otlpReceiver?: number | true;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

export function registerCheckCommand(program: Command): void {
  const command = program
    .command('check')
    .description('layer 0: black-box conformance of an MCP server to revision 2026-07-28')
    .option('--url <url>', 'Streamable HTTP endpoint of the server, e.g. http://127.0.0.1:3000/mcp')
    .option('--stdio <command>', 'command line that starts the server on stdio, e.g. "node server.js"')
    .option('--strict', 'treat SHOULD violations as failures', false)
    .option('--expected-failures <file>', 'check ids the server knowingly fails (one per line); listed ids that pass fail the run as stale')
    .option('--header <header>', 'extra HTTP header on every request, e.g. "Authorization: Bearer $TOKEN" (repeatable; never shown in reports)', collectHeader, {})
    .option('--allow-tool <name>', 'a tool mcpgate may call although it is not annotated read-only (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .addOption(new Option('--timeout <ms>', 'per-request timeout in milliseconds').default(10_000).argParser(positiveInteger('--timeout')))
    .addOption(new Option('--max-response-bytes <n>', 'largest response body accepted').default(4 * 1024 * 1024).argParser(positiveInteger('--max-response-bytes')))
    .addOption(new Option('--concurrency <n>', 'checks run at once').default(8).argParser(positiveInteger('--concurrency')))
    .addOption(new Option('--otlp-receiver [port]', 'run an OTLP/HTTP receiver on 127.0.0.1 (stdio servers are pointed at it) and check that server spans join mcpgate\'s trace').argParser(port('--otlp-receiver')))
    .option('--list-checks', 'print the check ids and exit', false)
    .option('--no-color', 'plain output without ANSI colours')
    .option('--verbose', 'also show skipped checks, timings and the server stderr', false)
    .option('--quiet', 'print only the verdict line', false)
    .action(async (flags: CheckFlags) => {
      process.exitCode = await check(flags);
    });
  for (const option of outputOptions()) command.addOption(option);
}

async function check(flags: CheckFlags): Promise<number> {
  if (flags.listChecks) {
    for (const c of ALL_CHECKS) process.stdout.write(`${c.id}\t${c.level}\t${c.title}\n`);
    return 0;
  }
  const target = targetFrom(flags);
  let expectedFailures: { file: string; ids: Set<string> } | undefined;
  if (flags.expectedFailures) {
    try {
      expectedFailures = { file: flags.expectedFailures, ids: loadExpectedFailures(flags.expectedFailures, CHECK_IDS) };
    } catch (error) {
      if (error instanceof ExpectedFailuresError) throw usageError(error.message);
      throw error;
    }
  }
  const receiver = flags.otlpReceiver === undefined ? undefined : await startReceiver(flags.otlpReceiver === true ? 0 : flags.otlpReceiver);
  if (receiver && target.kind === 'stdio') target.env = { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
  if (receiver && target.kind === 'http') process.stderr.write(`mcpgate: OTLP receiver at ${receiver.endpoint}: point the server's OTEL_EXPORTER_OTLP_ENDPOINT there\n`);
  const progress = progressReporter();
  const report = await runConformance({
    target,
    checks: [...ALL_CHECKS],
    strict: flags.strict,
    allowTools: flags.allowTool,
    expectedFailures,
    connect: { timeoutMs: flags.timeout, maxResponseBytes: flags.maxResponseBytes, headers: flags.header },
    concurrency: flags.concurrency,
    eofGraceMs: 5_000,
    onProgress: (done, total, result) => progress.update(done, total, result.id),
    otlpReceiver: receiver,
  }).finally(() => receiver?.close());
  progress.clear();
  writeReports(report, outputFiles(flags));
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  if (flags.quiet) process.stdout.write(`${report.verdict.reason} (exit code ${report.verdict.exitCode})\n`);
  else process.stdout.write(renderTerminal(report, { color, verbose: flags.verbose }));
  return report.verdict.exitCode;
}

async function startReceiver(portNumber: number): Promise<OtlpReceiver> {
  try {
    return await startOtlpReceiver(portNumber);
  } catch (error) {
    throw usageError(`--otlp-receiver: ${(error as Error).message}`);
  }
}
