/** `mcpgate baseline`'s flag table, and the type of its parsed values. */

import { DEFAULT_HISTORY_DIR } from '../../gate/history.js';
import { Flag } from '../flags/flag.js';
import type { FlagValues } from '../flags/table.js';

export const ACCEPT_FLAGS = {
  reason: Flag.value('<text>', 'why this run is the baseline now, kept in the history (default "accepted by hand")'),
  'history-dir': Flag.value('<dir>', 'run history directory').default(DEFAULT_HISTORY_DIR).mirrors('history.dir'),
  history: Flag.value('<dir>', 'the same as --history-dir').conflictsWith('history-dir'),
} as const;

export type AcceptFlags = FlagValues<typeof ACCEPT_FLAGS>;
