/** `mcpgate gate`'s flag table, and the type of its parsed values. */

import { DEFAULT_HISTORY_DIR } from '../../gate/history.js';
import { DEFAULT_GATE_OPTIONS } from '../../gate/types.js';
import { usageError } from '../../shared/input-error.js';
import { Flag } from '../flags/flag.js';
import { displayFlags } from '../flags/groups/display.js';
import type { FlagValues } from '../flags/table.js';
import { positiveInteger } from '../parse.js';

function unitInterval(zeroAllowed: boolean): (flag: string) => (value: string) => number {
  return (flag) => (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n >= 1 || n < 0 || (n === 0 && !zeroAllowed))
      throw usageError(`${flag} needs a number ${zeroAllowed ? 'from 0' : 'above 0'} and below 1, got "${value}"`);
    return n;
  };
}

export const FLAGS = {
  report: Flag.value('<file>', 'the JSON report of this run').required(),
  baseline: Flag.value('<file|auto>', 'the baseline report, or `auto` for the last green run of the same server and models in the history')
    .required()
    .mirrors('gate.baseline'),
  'history-dir': Flag.value('<dir>', 'run history directory').default(DEFAULT_HISTORY_DIR).mirrors('history.dir'),
  'max-drop': Flag.value('<fraction>', 'largest tolerated drop of a soft score (0.02 = two points)', unitInterval(true))
    .default(DEFAULT_GATE_OPTIONS.maxDrop)
    .mirrors('gate.max_drop'),
  'min-samples': Flag.value('<n>', 'fewer samples than this on either side is inconclusive', positiveInteger)
    .default(DEFAULT_GATE_OPTIONS.minSamples)
    .mirrors('gate.min_samples'),
  confidence: Flag.value('<fraction>', 'two-sided confidence of the Wilson intervals', unitInterval(false)).default(
    DEFAULT_GATE_OPTIONS.confidence,
  ),
  record: Flag.switch('append this report to the history after gating (whatever the verdict)').mirrors('history.record'),
  json: Flag.value('<file>', 'write the gate result as JSON'),
  ...displayFlags({ verbose: 'also list the items that passed' }),
} as const;

export type GateFlags = FlagValues<typeof FLAGS>;
