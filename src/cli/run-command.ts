/** `mcpgate run`'s flags; the pipeline is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './run/flags.js';

export const command = defineCommand({
  description: 'run every configured layer from mcpgate.yaml and write one report',
  flags: FLAGS,
  action: async (flags) => (await import('./run/run.js')).run(flags),
});
