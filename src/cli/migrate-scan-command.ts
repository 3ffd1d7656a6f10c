/** `mcpgate migrate-scan`'s argument and flags; the scanner is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import type { MigrateScanFlags } from './migrate-scan/migrate-scan.js';
import { addOptions, displayOptions } from './options.js';

export function configure(command: Command): void {
  command
    .description('list pre-2026-07-28 protocol assumptions (initialize, sessions, removed methods and error codes) in a test suite')
    .argument('<path>', 'directory or file to scan (node_modules, .git and dist are skipped)');
  addOptions(
    command,
    [new Option('--json', 'print the findings as JSON')],
    displayOptions({
      verbose: 'also list the files skipped (over 1 MiB or binary)',
      quiet: 'print only the summary line',
    }),
  );
  command.action(async (path: string, flags: MigrateScanFlags) => {
    const { migrateScan } = await import('./migrate-scan/migrate-scan.js');
    process.exitCode = migrateScan(path, flags);
  });
}
