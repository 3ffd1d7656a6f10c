/** `mcpgate history`'s flags; the history is read only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './history/flags.js';

export const command = defineCommand({
  description: 'list the recorded runs; with --prune-*, remove old entries and the reports no entry needs any more',
  flags: FLAGS,
  action: async (flags) => (await import('./history/history.js')).history(flags),
});
