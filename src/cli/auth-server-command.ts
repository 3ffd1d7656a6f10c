/** `mcpgate auth-server`'s flags; the issuer (jose, its signing key) is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './auth-server/flags.js';

export const command = defineCommand({
  description:
    'a test OAuth issuer for CI on 127.0.0.1 only: short-lived tokens for one client, and the forged ones `check --test-issuer` sends (never for production)',
  flags: FLAGS,
  action: async (flags) => (await import('./auth-server/auth-server.js')).authServer(flags),
});
