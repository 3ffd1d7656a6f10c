/** `mcpgate gate`'s flags; the comparison is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import { DEFAULT_GATE_OPTIONS } from '../gate/types.js';
import { usageError } from '../shared/input-error.js';
import type { GateFlags } from './gate/gate.js';
import { addOptions, displayOptions } from './options.js';
import { positiveInteger } from './parse.js';

function unitInterval(flag: string, zeroAllowed: boolean): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n >= 1 || n < 0 || (n === 0 && !zeroAllowed))
      throw usageError(`${flag} needs a number ${zeroAllowed ? 'from 0' : 'above 0'} and below 1, got "${value}"`);
    return n;
  };
}

export function configure(command: Command): void {
  command.description('compare a report with a baseline run: hard checks must hold, soft scores may not drop significantly');
  addOptions(
    command,
    [
      new Option('--report <file>', 'the JSON report of this run').makeOptionMandatory(),
      new Option(
        '--baseline <file|auto>',
        'the baseline report, or `auto` for the last green run of the same server and models in the history',
      ).makeOptionMandatory(),
      new Option('--history-dir <dir>', 'run history directory').default(DEFAULT_HISTORY_DIR),
      new Option('--max-drop <fraction>', 'largest tolerated drop of a soft score (0.02 = two points)')
        .default(DEFAULT_GATE_OPTIONS.maxDrop)
        .argParser(unitInterval('--max-drop', true)),
      new Option('--min-samples <n>', 'fewer samples than this on either side is inconclusive')
        .default(DEFAULT_GATE_OPTIONS.minSamples)
        .argParser(positiveInteger('--min-samples')),
      new Option('--confidence <fraction>', 'two-sided confidence of the Wilson intervals')
        .default(DEFAULT_GATE_OPTIONS.confidence)
        .argParser(unitInterval('--confidence', false)),
      new Option('--record', 'append this report to the history after gating (whatever the verdict)'),
      new Option('--json <file>', 'write the gate result as JSON'),
    ],
    displayOptions({ verbose: 'also list the items that passed' }),
  );
  command.action(async (flags: GateFlags) => {
    const { gate } = await import('./gate/gate.js');
    process.exitCode = gate(flags);
  });
}
