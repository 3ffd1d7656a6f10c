/** `mcpgate baseline accept`'s arguments and flags; the history is read only when the command runs. */

import { defineCommand, type CommandGroupSpec } from './flags/command.js';
import { ACCEPT_FLAGS } from './baseline/flags.js';

export const command: CommandGroupSpec = {
  description: 'manage which recorded run `gate --baseline auto` compares with',
  subcommands: {
    accept: defineCommand({
      description:
        'make a recorded run the baseline on purpose (after an intended change); it stays the baseline until a later green run or another accept',
      arguments: [{ name: '[run]', help: 'a run id from `mcpgate history` (or its unique start), or `latest`', default: 'latest' }],
      flags: ACCEPT_FLAGS,
      action: async (flags, run: string) => (await import('./baseline/accept.js')).acceptBaseline(run, flags),
    }),
  },
};
