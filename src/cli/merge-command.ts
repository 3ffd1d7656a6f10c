/** `mcpgate merge`'s arguments and flags; the merge is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import type { MergeFlags } from './merge/merge.js';
import { addOptions } from './options.js';
import { outputOptions } from './outputs.js';

export function configure(command: Command): void {
  command
    .description('combine the shard reports of one `mcpgate eval --shard i/n` run into one report')
    .argument('<reports...>', 'the shard reports (JSON), one per shard');
  addOptions(command, [new Option('--out <file>', 'same as --report: where to write the merged JSON report')], outputOptions());
  command.action(async (files: string[], flags: MergeFlags) => {
    const { merge } = await import('./merge/merge.js');
    process.exitCode = await merge(files, flags);
  });
}
