/** `mcpgate chaos`: flags -> layer 2 run (probes, scan, pins) -> report, pin file -> exit code. */

import type { Command } from 'commander';
import { Option } from 'commander';
import { PROBE_MAX_RESPONSE_BYTES, runOfflineChaos } from '../resilience/offline.js';
import { loadPins } from '../resilience/pins/pin-file.js';
import type { PinsSection } from '../resilience/report.js';
import { renderJson } from '../report/json.js';
import { renderTerminal } from '../report/terminal.js';
import { targetFrom } from '../pipeline/target.js';
import { usageError } from '../shared/input-error.js';
import { writeFileAtomic } from '../shared/files.js';
import { collectHeader, port, positiveInteger } from './parse.js';
import { runAgentChaos, type AgentChaosFlags } from '../pipeline/chaos-agent.js';
import { progressReporter } from '../report/progress.js';

interface ChaosFlags extends AgentChaosFlags {
  pins?: string;
  updatePins: boolean;
  report?: string;
  header: Record<string, string>;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

export function registerChaosCommand(program: Command): void {
  program
    .command('chaos')
    .description('layer 2: robustness probes, a static security scan of the tool surface, and tool pins')
    .option('--url <url>', 'Streamable HTTP endpoint of the server')
    .option('--stdio <command>', 'command line that starts the server on stdio')
    .option('--pins <file>', 'pin file of per-tool hashes (e.g. tools.lock): written when missing, compared when present')
    .option('--update-pins', 'rewrite the pin file from the server\'s current tools (needs --pins)', false)
    .option('--model <provider:model>', 'model for the fault and injection scenarios (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .option('--faults <file>', 'fault and injection scenarios (YAML, see docs/faults.md); with --model but no file, built-in scenarios on the read-only tools run')
    .option('--judge <provider:model>', 'pinned model that judges reactions the deterministic rules cannot')
    .option('--base-url <url>', 'base URL for openai-compatible or ollama models')
    .addOption(new Option('--runs <n>', 'runs per scenario').default(3).argParser(positiveInteger('--runs')))
    .addOption(new Option('--proxy-port <port>', 'port of the fault proxy on 127.0.0.1 (0 picks a free one)').default(0).argParser(port('--proxy-port')))
    .option('--client <command>', 'test an MCP client command against a server that cuts a response stream (it gets MCP_SERVER_URL)')
    .addOption(new Option('--client-timeout <ms>', 'how long the client command may run').default(30_000).argParser(positiveInteger('--client-timeout')))
    .option('--report <file>', 'write the JSON report to this file')
    .option('--header <header>', 'extra HTTP header on every request (repeatable; never shown)', collectHeader, {})
    .option('--allow-tool <name>', 'a tool the probes may call although it is not annotated read-only (repeatable)', (v: string, all: string[]) => [...all, v], [])
    .addOption(new Option('--timeout <ms>', 'per-request timeout; a probe that gets no answer within it fails').default(10_000).argParser(positiveInteger('--timeout')))
    .option('--no-color', 'plain output without ANSI colours')
    .option('--verbose', 'also list low-severity findings, timings and the server stderr', false)
    .option('--quiet', 'print only the verdict line', false)
    .action(async (flags: ChaosFlags) => {
      process.exitCode = await chaos(flags);
    });
}


function pinsNotice(pins: PinsSection): string {
  return pins.status === 'written'
    ? `mcpgate: ${pins.file} did not exist; pinned ${pins.tools} tool(s) in it (commit it to detect drift)\n`
    : `mcpgate: rewrote ${pins.file} with ${pins.tools} tool(s)\n`;
}

async function chaos(flags: ChaosFlags): Promise<number> {
  const target = targetFrom(flags);
  if (flags.updatePins && !flags.pins) throw usageError('--update-pins needs --pins FILE');
  if (flags.faults && flags.model.length === 0) throw usageError('--faults needs --model: the scenarios run a model');
  const pins = flags.pins ? { file: flags.pins, previous: loadPins(flags.pins), update: flags.updatePins } : undefined;
  const progress = progressReporter('probing');
  const { report, pinFile } = await runOfflineChaos({
    target,
    connect: { timeoutMs: flags.timeout, maxResponseBytes: PROBE_MAX_RESPONSE_BYTES, headers: flags.header },
    allowTools: flags.allowTool,
    pins,
    onProgress: (done, total, result) => progress.update(done, total, result.id),
  });
  progress.clear();
  await runAgentChaos(report, flags, target, { timeoutMs: flags.timeout, maxResponseBytes: PROBE_MAX_RESPONSE_BYTES, headers: flags.header });
  if (pinFile !== undefined && report.chaos.pins) {
    writeFileAtomic(report.chaos.pins.file, pinFile);
    process.stderr.write(pinsNotice(report.chaos.pins));
  }
  if (flags.report) writeFileAtomic(flags.report, renderJson(report));
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  if (flags.quiet) process.stdout.write(`${report.verdict.reason} (exit code ${report.verdict.exitCode})\n`);
  else process.stdout.write(renderTerminal(report, { color, verbose: flags.verbose }));
  return report.verdict.exitCode;
}
