/** `mcpgate migrate-scan`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { displayFlags } from '../flags/groups/display.js';
import type { FlagValues } from '../flags/table.js';

export const FLAGS = {
  json: Flag.switch('print the findings as JSON'),
  ...displayFlags({ verbose: 'also list the files skipped (over 1 MiB or binary)', quiet: 'print only the summary line' }),
} as const;

export type MigrateScanFlags = FlagValues<typeof FLAGS>;
