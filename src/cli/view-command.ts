/** `mcpgate view`'s flags; the history is read and the server started only when the command runs. */

import { Option, type Command } from 'commander';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import { addOptions } from './options.js';
import { port, positiveInteger } from './parse.js';
import type { ViewFlags } from './view/view.js';

export function configure(command: Command): void {
  command.description(
    'browse the run history in a browser: runs, a run, two runs compared, a case over time, confusions (127.0.0.1 only, behind a token); --export writes the pages as files',
  );
  addOptions(command, [
    new Option('--history-dir <dir>', 'run history directory').default(DEFAULT_HISTORY_DIR),
    new Option('--history <dir>', 'the same as --history-dir').conflicts('historyDir'),
    new Option('--port <n>', 'port on 127.0.0.1 (0: a free one)').argParser(port('--port')).default(0),
    new Option('--export <dir>', 'write the pages to a folder of static files instead of serving them').conflicts('port'),
    new Option('--last <n>', 'only the newest N runs').argParser(positiveInteger('--last')),
  ]);
  command.action(async (flags: ViewFlags) => {
    const { view } = await import('./view/view.js');
    process.exitCode = await view(flags);
  });
}
