/** `mcpgate auth-server`'s flag table, and the type of its parsed values. */

import { DEFAULT_TEST_ISSUER_PORT } from '../../auth/test-issuer/defaults.js';
import { Flag } from '../flags/flag.js';
import type { FlagValues } from '../flags/table.js';
import { port, positiveInteger } from '../parse.js';

export const FLAGS = {
  port: Flag.value('<n>', 'port on 127.0.0.1 (0: a free one)', port).default(DEFAULT_TEST_ISSUER_PORT),
  'oauth-client-id': Flag.value('<id>', 'the one client the issuer knows; give mcpgate the same --oauth-client-id').default('mcpgate-ci'),
  'oauth-client-secret-env': Flag.value(
    '<name>',
    "the environment variable holding the client's secret (client-credentials grant); never the secret itself",
  ),
  'oauth-refresh-token-env': Flag.value(
    '<name>',
    'the environment variable holding a refresh token the client may start from (rotated on every use)',
  ),
  lifetime: Flag.value('<seconds>', 'how long every token lives (a few seconds exercise renewal)', positiveInteger).default(300),
  scopes: Flag.value('<scopes>', 'space-separated scopes the metadata lists as scopes_supported (any scope asked is granted)'),
} as const;

export type AuthServerFlags = FlagValues<typeof FLAGS>;
