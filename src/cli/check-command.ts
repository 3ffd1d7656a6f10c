/** `mcpgate check`'s flags; the work is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './check/flags.js';

export const command = defineCommand({
  description: 'layer 0: black-box conformance of an MCP server to revision 2026-07-28',
  flags: FLAGS,
  action: async (flags) => (await import('./check/check.js')).check(flags),
});
