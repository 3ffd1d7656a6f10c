/** `mcpgate overlap`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { displayFlags } from '../flags/groups/display.js';
import { targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { fraction, positiveInteger } from '../parse.js';

export const FLAGS = {
  ...targetFlags(),
  'min-score': Flag.value('<fraction>', 'list pairs at or above this similarity (0..1)', fraction).default(0.25),
  top: Flag.value('<n>', 'pairs listed at most', positiveInteger).default(10),
  'fail-above': Flag.value('<fraction>', 'exit 1 when a pair reaches this similarity (a CI warning turned into a gate)', fraction),
  json: Flag.switch('print the ranked pairs as JSON instead of text'),
  ...displayFlags({ verbose: 'list every pair that shares a term, whatever its score' }),
} as const;

export type OverlapFlags = FlagValues<typeof FLAGS>;
