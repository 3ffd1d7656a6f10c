/** `mcpgate migrate-scan`'s argument and flags; the scanner is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './migrate-scan/flags.js';

export const command = defineCommand({
  description: 'list pre-2026-07-28 protocol assumptions (initialize, sessions, removed methods and error codes) in a test suite',
  arguments: [{ name: '<path>', help: 'directory or file to scan (node_modules, .git and dist are skipped)' }],
  flags: FLAGS,
  action: async (flags, path: string) => (await import('./migrate-scan/migrate-scan.js')).migrateScan(path, flags),
});
