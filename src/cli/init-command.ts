/** `mcpgate init`'s flags; the scaffolding is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import type { InitFlags } from './init/init.js';
import { addOptions, targetOptions } from './options.js';

export function configure(command: Command): void {
  command.description('scaffold mcpgate.yaml, golden/tasks.yaml, golden/rubric.md and a GitHub workflow');
  addOptions(
    command,
    targetOptions({
      url: 'draft golden cases from the tools of this server',
      stdio: 'draft golden cases from the tools of the server this command starts',
    }),
    [
      new Option('--start <command>', 'command that starts the HTTP server at --url: written to server.start and run to list its tools'),
      new Option('--dir <dir>', 'project directory').default('.'),
      new Option('--force', 'overwrite existing files'),
    ],
  );
  command.action(async (flags: InitFlags) => {
    const { init } = await import('./init/init.js');
    process.exitCode = await init(flags);
  });
}
