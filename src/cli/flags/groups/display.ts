/** The display group: how much a command prints, and in colour or not. */

import { Flag } from '../flag.js';
import type { FlagValues } from '../table.js';

export interface DisplayHelp {
  verbose: string;
  quiet?: string;
}

/** --quiet of the commands whose report has layer 0's coverage line (cli/display.ts says why it stays). */
export const QUIET_WITH_COVERAGE = 'print only the verdict line, with the coverage line above it when layer 0 left something out';

export function displayFlags(help: DisplayHelp) {
  return {
    'no-color': Flag.negated('plain output without ANSI colours (also when NO_COLOR is set or the output is not a terminal)'),
    verbose: Flag.switch(help.verbose).conflictsWith('quiet'),
    quiet: Flag.switch(help.quiet ?? 'print only the verdict line'),
  } as const;
}

export type DisplayFlags = FlagValues<ReturnType<typeof displayFlags>>;
