/** `mcpgate improve`'s flags; the work (and the AI SDK behind it) is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './improve/flags.js';

export const command = defineCommand({
  description: 'propose tool description rewrites for the worst confusions and keep only those an A/B re-run proves',
  flags: FLAGS,
  action: async (flags) => (await import('./improve/improve.js')).improveCommand(flags),
});
