/** `mcpgate chaos`'s flags; the work (probes, proxy, models) is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './chaos/flags.js';

export const command = defineCommand({
  description: 'layer 2: robustness probes, a static security scan of the tool surface, tool pins, and fault scenarios with a model',
  flags: FLAGS,
  action: async (flags) => (await import('./chaos/chaos.js')).chaos(flags),
});
