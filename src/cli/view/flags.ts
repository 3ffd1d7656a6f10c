/** `mcpgate view`'s flag table, and the type of its parsed values. */

import { DEFAULT_HISTORY_DIR } from '../../gate/history.js';
import { Flag } from '../flags/flag.js';
import type { FlagValues } from '../flags/table.js';
import { port, positiveInteger } from '../parse.js';

export const FLAGS = {
  'history-dir': Flag.value('<dir>', 'run history directory').default(DEFAULT_HISTORY_DIR).mirrors('history.dir'),
  history: Flag.value('<dir>', 'the same as --history-dir').conflictsWith('history-dir'),
  port: Flag.value('<n>', 'port on 127.0.0.1 (0: a free one)', port).default(0),
  export: Flag.value('<dir>', 'write the pages to a folder of static files instead of serving them').conflictsWith('port'),
  last: Flag.value('<n>', 'only the newest N runs', positiveInteger),
} as const;

export type ViewFlags = FlagValues<typeof FLAGS>;
