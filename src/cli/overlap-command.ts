/** `mcpgate overlap`'s flags; the work is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './overlap/flags.js';

export const command = defineCommand({
  description: 'list pairs of tools whose names, descriptions and parameters overlap (offline, no model): likely confusions',
  flags: FLAGS,
  action: async (flags) => (await import('./overlap/overlap.js')).overlap(flags),
});
