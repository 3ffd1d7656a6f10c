/** `mcpgate run`'s flags; the pipeline is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { addOptions, displayOptions, QUIET_WITH_COVERAGE } from './options.js';
import { mrtrBudgetOverrides } from './mrtr-options.js';
import { collect, collectRoot, positiveInteger } from './parse.js';
import type { RunFlags } from './run/run.js';

export function configure(command: Command): void {
  command.description('run every configured layer from mcpgate.yaml and write one report');
  addOptions(
    command,
    [
      new Option('--config <file>', 'configuration file; the paths in it are relative to its folder').default('mcpgate.yaml'),
      new Option('--allow-drafts', 'skip golden cases marked `draft: true` with a warning (as eval.allow_drafts: true)'),
      new Option('--check-only', 'run layer 0 alone, whatever else mcpgate.yaml configures (no model calls, no keys)'),
      new Option(
        '--list-models',
        'print the models the run would evaluate as a JSON list and exit, running nothing and reading no key (a CI matrix)',
      ),
      new Option('--model <provider:model>', 'evaluate this model instead of eval.models (repeatable)')
        .argParser(collect)
        .default([], 'eval.models'),
      new Option('--max-rounds <n>', 'MRTR input rounds per tool call, instead of eval.max_rounds').argParser(
        positiveInteger('--max-rounds'),
      ),
      ...mrtrBudgetOverrides(),
      new Option('--root <uri>', 'a file:// root the client declares, instead of eval.roots (repeatable)')
        .argParser(collectRoot)
        .default([], 'eval.roots'),
    ],
    displayOptions({ verbose: 'show every check and case', quiet: QUIET_WITH_COVERAGE }),
  );
  command.action(async (flags: RunFlags) => {
    const { run } = await import('./run/run.js');
    process.exitCode = await run(flags);
  });
}
