/** `mcpgate history`'s flags; the history is read only when the command runs. */

import { Option, type Command } from 'commander';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import type { HistoryFlags } from './history/history.js';
import { addOptions } from './options.js';
import { duration, nonNegativeInteger } from './parse.js';

export function configure(command: Command): void {
  command.description('list the recorded runs; with --prune-*, remove old entries and the reports no entry needs any more');
  addOptions(command, [
    new Option('--history-dir <dir>', 'run history directory').default(DEFAULT_HISTORY_DIR),
    new Option('--prune-keep <n>', 'remove all but the newest N entries').argParser(nonNegativeInteger('--prune-keep')),
    new Option('--prune-older-than <span>', 'remove entries of runs older than this (30d, 12h, 2w)').argParser(
      duration('--prune-older-than'),
    ),
  ]);
  command.action(async (flags: HistoryFlags) => {
    const { history } = await import('./history/history.js');
    process.exitCode = history(flags);
  });
}
