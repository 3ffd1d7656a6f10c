/**
 * Every generated reference page, by its path under docs/reference/: `npm run docs` writes them, and
 * test/unit/cli/reference.test.ts fails while a committed page differs from what this returns.
 */

import { ALL_CHECKS } from '../../conformance/checks/index.js';
import { ALL_PROBES } from '../../resilience/probes/index.js';
import { COMMANDS } from '../commands.js';
import { checksPage } from './checks-page.js';
import { cliPage } from './cli-page.js';
import { USER_FILES } from '../../pipeline/user-files.js';
import { filePage, filePageName } from './files-page.js';

export async function referencePages(): Promise<Record<string, string>> {
  const commands = await Promise.all(COMMANDS.map(async ({ name, load }) => ({ name, command: (await load()).command })));
  return {
    'cli.md': cliPage(commands),
    'checks.md': checksPage(ALL_CHECKS, ALL_PROBES),
    ...Object.fromEntries(USER_FILES.map((spec) => [filePageName(spec), filePage(spec)])),
  };
}
