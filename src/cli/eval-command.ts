/** `mcpgate eval`'s flags; the work (and the AI SDK and OpenTelemetry behind it) is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './eval/flags.js';

export const command = defineCommand({
  description: 'layer 1: run a golden set of tasks through models against the server and score tool use',
  flags: FLAGS,
  action: async (flags) => (await import('./eval/evaluate.js')).evaluate(flags),
});
