#!/usr/bin/env node
/**
 * The `mcpgate` command: argument parsing and wiring only. Commands are a table of names and modules:
 * only the command named on the command line has its flags loaded, and each command loads the modules
 * that do the work (AI SDK, OpenTelemetry, report schemas, load generator) only when it runs, so
 * `mcpgate --version` or a flag error costs a fraction of a second.
 */

import { Command, CommanderError } from 'commander';
import { EXIT } from '../shared/exit-codes.js';
import { configureProgress } from '../report/progress.js';
import { safe, safeLines } from '../report/terminal-escape.js';
import { InputError } from '../shared/input-error.js';
import { redact } from '../shared/redact.js';
import { FileProblemsError } from '../shared/yaml/problems.js';
import { MCPGATE_VERSION } from '../shared/version.js';
import { installHooks, setEscapeListener } from '../wire/child-processes.js';
import { warnOnStderr, writeErr } from './console.js';
import { COMMANDS } from './commands.js';

const VERSION_FLAGS = ['-V', '--version'];

/**
 * The commands this invocation needs: the one named (`mcpgate check ...`, `mcpgate help check`);
 * none for the version; all of them otherwise, for the overview or a "did you mean" on a typo.
 */
function commandsFor(args: readonly string[]): typeof COMMANDS {
  const [first, second] = args;
  if (args.length === 1 && first !== undefined && VERSION_FLAGS.includes(first)) return [];
  const named = COMMANDS.find((entry) => entry.name === (first === 'help' ? second : first));
  return named ? [named] : COMMANDS;
}

/**
 * Errors often quote the server (an error body, a bad answer), so they are masked and printed on one
 * line. Problems in a file the user wrote are listed one per line, each line escaped.
 */
function fail(error: Error, code: number): void {
  const text = error instanceof FileProblemsError ? safeLines(error.message).join('\n') : safe(error.message);
  writeErr(`mcpgate: ${text}\n`);
  process.exitCode = code;
}

async function main(argv: string[]): Promise<void> {
  const program = new Command('mcpgate')
    .description('Evaluate an MCP server and gate CI on the result.')
    .version(MCPGATE_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .showHelpAfterError('(run mcpgate --help for usage)')
    .hook('preAction', (_program, command) => configureProgress({ quiet: command.opts().quiet === true }));
  try {
    const loaded = await Promise.all(commandsFor(argv.slice(2)).map(async (entry) => ({ name: entry.name, module: await entry.load() })));
    if (loaded.length > 0) {
      const { mount } = await import('./flags/command.js');
      for (const { name, module } of loaded) mount(program.command(name), module.command);
    }
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successful exits; every other parse problem is a usage error.
      process.exitCode = error.exitCode === 0 ? 0 : EXIT.usage;
      return;
    }
    // Every problem with what the user gave (flags, files, credentials, the server) is an InputError.
    if (error instanceof InputError) return fail(error, error.exitCode);
    if (process.env.MCPGATE_DEBUG) process.stderr.write(redact(`${(error as Error).stack}\n`));
    const message = `internal error: ${(error as Error).message} (set MCPGATE_DEBUG=1 for details, and please report it)`;
    fail(new Error(message), EXIT.inconclusive);
  }
}

// Ctrl-C exits 130 at once (SIGTERM 143), ending every server group started, whatever the run awaits.
installHooks();
// A process a server left running outside its group is ended, and said.
setEscapeListener((escaped) =>
  warnOnStderr(
    `the server left process ${escaped.pid} (${escaped.command}) running outside its process group (setsid); mcpgate ended it with SIGKILL`,
  ),
);
await main(process.argv);
