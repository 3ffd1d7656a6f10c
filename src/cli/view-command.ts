/** `mcpgate view`'s flags; the history is read and the server started only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './view/flags.js';

export const command = defineCommand({
  description:
    'browse the run history in a browser: runs, a run, two runs compared, a case over time, confusions (127.0.0.1 only, behind a token); --export writes the pages as files',
  flags: FLAGS,
  action: async (flags) => (await import('./view/view.js')).view(flags),
});
