#!/usr/bin/env node
/** The `mcpgate` command: argument parsing and wiring only. */

import { Command, CommanderError } from 'commander';
import { MCPGATE_VERSION } from '../shared/version.js';
import { EXIT } from '../shared/exit-codes.js';
import { registerBenchCommand } from './bench-command.js';
import { registerChaosCommand } from './chaos-command.js';
import { registerCheckCommand } from './check-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerGateCommand } from './gate-command.js';
import { registerInitCommand } from './init-command.js';
import { registerMergeCommand } from './merge-command.js';
import { registerMigrateScanCommand } from './migrate-scan-command.js';
import { registerRunCommand } from './run-command.js';
import { InputError } from '../shared/input-error.js';

function fail(message: string, code: number): void {
  process.stderr.write(`mcpgate: ${message}\n`);
  process.exitCode = code;
}

async function main(argv: string[]): Promise<void> {
  const program = new Command('mcpgate')
    .description('Evaluate an MCP server and gate CI on the result.')
    .version(MCPGATE_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .showHelpAfterError('(run mcpgate --help for usage)');
  registerCheckCommand(program);
  registerEvalCommand(program);
  registerChaosCommand(program);
  registerBenchCommand(program);
  registerRunCommand(program);
  registerInitCommand(program);
  registerGateCommand(program);
  registerMergeCommand(program);
  registerMigrateScanCommand(program);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successful exits; every other parse problem is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : EXIT.usage;
      return;
    }
    if (error instanceof InputError) return fail(error.message, error.exitCode);
    if (process.env.MCPGATE_DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
    fail(`internal error: ${(error as Error).message} (set MCPGATE_DEBUG=1 for details, and please report it)`, EXIT.inconclusive);
  }
}

await main(process.argv);
