/** `mcpgate gate`'s flags; the comparison is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './gate/flags.js';

export const command = defineCommand({
  description: 'compare a report with a baseline run: hard checks must hold, soft scores may not drop significantly',
  flags: FLAGS,
  action: async (flags) => (await import('./gate/gate.js')).gate(flags),
});
