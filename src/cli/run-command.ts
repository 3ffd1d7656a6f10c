/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import type { Command } from 'commander';
import { renderGate } from '../gate/render.js';
import { runPipeline } from '../pipeline/run.js';
import { renderTerminal } from '../report/terminal.js';
import { warnOnStderr } from './console.js';

interface RunFlags {
  config: string;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('run every configured layer from mcpgate.yaml and write one report')
    .option('--config <file>', 'configuration file', 'mcpgate.yaml')
    .option('--no-color', 'plain output without ANSI colours')
    .option('--verbose', 'show every check and case', false)
    .option('--quiet', 'print only the verdict line', false)
    .action(async (flags: RunFlags) => {
      process.exitCode = await run(flags);
    });
}

async function run(flags: RunFlags): Promise<number> {
  const { report, gate } = await runPipeline(flags.config, warnOnStderr);
  const color = flags.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
  if (flags.quiet) process.stdout.write(`${report.verdict.reason} (exit code ${report.verdict.exitCode})\n`);
  else process.stdout.write(renderTerminal(report, { color, verbose: flags.verbose }) + (gate ? renderGate(gate) : ''));
  return report.verdict.exitCode;
}
