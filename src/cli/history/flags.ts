/** `mcpgate history`'s flag table, and the type of its parsed values. */

import { DEFAULT_HISTORY_DIR } from '../../gate/history.js';
import { Flag } from '../flags/flag.js';
import type { FlagValues } from '../flags/table.js';
import { duration, nonNegativeInteger } from '../parse.js';

export const FLAGS = {
  'history-dir': Flag.value('<dir>', 'run history directory').default(DEFAULT_HISTORY_DIR).mirrors('history.dir'),
  'prune-keep': Flag.value('<n>', 'remove all but the newest N entries', nonNegativeInteger),
  'prune-older-than': Flag.value('<span>', 'remove entries of runs older than this (30d, 12h, 2w)', duration),
} as const;

export type HistoryFlags = FlagValues<typeof FLAGS>;
