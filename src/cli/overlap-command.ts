/** `mcpgate overlap`'s flags; the work is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import type { OverlapFlags } from './overlap/overlap.js';
import { addOptions, displayOptions, targetOptions } from './options.js';
import { fraction, positiveInteger } from './parse.js';

export function configure(command: Command): void {
  command.description('list pairs of tools whose names, descriptions and parameters overlap (offline, no model): likely confusions');
  addOptions(
    command,
    targetOptions({}),
    [
      new Option('--min-score <fraction>', 'list pairs at or above this similarity (0..1)')
        .default(0.25)
        .argParser(fraction('--min-score')),
      new Option('--top <n>', 'pairs listed at most').default(10).argParser(positiveInteger('--top')),
      new Option('--fail-above <fraction>', 'exit 1 when a pair reaches this similarity (a CI warning turned into a gate)').argParser(
        fraction('--fail-above'),
      ),
      new Option('--json', 'print the ranked pairs as JSON instead of text'),
    ],
    displayOptions({ verbose: 'list every pair that shares a term, whatever its score' }),
  );
  command.action(async (flags: OverlapFlags) => {
    const { overlap } = await import('./overlap/overlap.js');
    process.exitCode = await overlap(flags);
  });
}
