/** `mcpgate merge`'s arguments and flags; the merge is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './merge/flags.js';

export const command = defineCommand({
  description: 'combine the shard reports of one `mcpgate eval --shard i/n` or `mcpgate run --shard i/n` run into one report',
  arguments: [{ name: '<reports...>', help: 'the shard reports (JSON), one per shard' }],
  flags: FLAGS,
  action: async (flags, files: string[]) => (await import('./merge/merge.js')).merge(files, flags),
});
