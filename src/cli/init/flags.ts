/** `mcpgate init`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';

export const FLAGS = {
  ...targetFlags({
    url: 'draft golden cases from the tools of this server',
    stdio: 'draft golden cases from the tools of the server this command starts',
  }),
  start: Flag.value('<command>', 'command that starts the HTTP server at --url: written to server.start and run to list its tools'),
  dir: Flag.value('<dir>', 'project directory').default('.'),
  force: Flag.switch('overwrite existing files'),
  oauth: Flag.switch(
    'the server asks for OAuth tokens: the workflow starts `mcpgate auth-server` for it to trust (it reads MCPGATE_TEST_ISSUER), and mcpgate.yaml gets server.oauth and check.test_issuer',
  ),
} as const;

export type InitFlags = FlagValues<typeof FLAGS>;
