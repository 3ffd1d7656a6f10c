/** `mcpgate merge`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { outputFlags } from '../flags/groups/output.js';
import type { FlagValues } from '../flags/table.js';

export const FLAGS = {
  out: Flag.value('<file>', 'same as --report: where to write the merged JSON report'),
  ...outputFlags(),
} as const;

export type MergeFlags = FlagValues<typeof FLAGS>;
