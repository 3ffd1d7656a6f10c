/** `mcpgate init`'s flags; the scaffolding is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './init/flags.js';

export const command = defineCommand({
  description: 'scaffold mcpgate.yaml, golden/tasks.yaml, golden/rubric.md and a GitHub workflow',
  flags: FLAGS,
  action: async (flags) => (await import('./init/init.js')).init(flags),
});
