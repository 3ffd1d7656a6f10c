/** `mcpgate check`'s flags; the work is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { CHECK_DEFAULTS, DEFAULT_MAX_RESPONSE_BYTES } from '../pipeline/defaults.js';
import type { CheckFlags } from './check/check.js';
import { addOptions, displayOptions, QUIET_WITH_COVERAGE, targetOptions } from './options.js';
import { outputOptions } from './outputs.js';
import { port, positiveInteger } from './parse.js';

export function configure(command: Command): void {
  command.description('layer 0: black-box conformance of an MCP server to revision 2026-07-28');
  addOptions(
    command,
    targetOptions({ allowTool: 'a tool mcpgate may call although it is not annotated read-only' }),
    [
      new Option('--strict', 'treat SHOULD violations as failures'),
      new Option(
        '--expected-failures <file>',
        'check ids the server knowingly fails (one per line); listed ids that pass fail the run as stale',
      ),
      new Option('--max-response-bytes <n>', 'largest response body accepted')
        .default(DEFAULT_MAX_RESPONSE_BYTES)
        .argParser(positiveInteger('--max-response-bytes')),
      new Option('--concurrency <n>', 'checks run at once, and the most requests in flight at once')
        .default(CHECK_DEFAULTS.concurrency)
        .argParser(positiveInteger('--concurrency')),
      new Option('--max-calls <n>', 'tool calls one check makes on its own at most')
        .default(CHECK_DEFAULTS.maxCalls)
        .argParser(positiveInteger('--max-calls')),
      new Option('--max-list-items <n>', 'items read of one paginated list at most')
        .default(CHECK_DEFAULTS.maxListItems)
        .argParser(positiveInteger('--max-list-items')),
      new Option('--max-list-bytes <n>', 'bytes of pages read of one paginated list at most (16 MiB)')
        .default(CHECK_DEFAULTS.maxListBytes)
        .argParser(positiveInteger('--max-list-bytes')),
      new Option(
        '--otlp-receiver [port]',
        "run an OTLP/HTTP receiver on 127.0.0.1 (stdio servers are pointed at it) and check that server spans join mcpgate's trace",
      ).argParser(port('--otlp-receiver')),
      new Option('--list-checks', 'print the check ids and exit'),
    ],
    displayOptions({ verbose: 'also show skipped checks, timings and the server stderr', quiet: QUIET_WITH_COVERAGE }),
    outputOptions(),
  );
  command.action(async (flags: CheckFlags) => {
    const { check } = await import('./check/check.js');
    process.exitCode = await check(flags);
  });
}
