/** `mcpgate baseline accept`'s arguments and flags; the history is read only when the command runs. */

import { Option, type Command } from 'commander';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import type { AcceptFlags } from './baseline/accept.js';
import { addOptions } from './options.js';

export function configure(command: Command): void {
  command.description('manage which recorded run `gate --baseline auto` compares with');
  const accept = command
    .command('accept')
    .description(
      'make a recorded run the baseline on purpose (after an intended change); it stays the baseline until a later green run or another accept',
    )
    .argument('[run]', 'a run id from `mcpgate history` (or its unique start), or `latest`', 'latest');
  addOptions(accept, [
    new Option('--reason <text>', 'why this run is the baseline now, kept in the history (default "accepted by hand")'),
    new Option('--history-dir <dir>', 'run history directory').default(DEFAULT_HISTORY_DIR),
    new Option('--history <dir>', 'the same as --history-dir').conflicts('historyDir'),
  ]);
  accept.action(async (run: string, flags: AcceptFlags) => {
    const { acceptBaseline } = await import('./baseline/accept.js');
    process.exitCode = acceptBaseline(run, flags);
  });
}
