/**
 * `mcpgate auth-server`: starts the test issuer (auth/test-issuer) on 127.0.0.1 and serves until
 * Ctrl-C (exit 130, main.ts's hooks). It says where it is and that it binds 127.0.0.1 only on
 * stderr, and prints the issuer URL alone on stdout. The client secret is read from the variable
 * named, never from a flag, and never printed.
 */

import { readOAuthSettings } from '../../auth/settings.js';
import { announceTestIssuer } from '../../auth/test-issuer/announce.js';
import { startTestIssuer, type RunningTestIssuer, type TestIssuerOptions } from '../../auth/test-issuer/server.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageError } from '../../shared/input-error.js';
import { writeErr, writeOut } from '../console.js';
import type { AuthServerFlags } from './flags.js';

export async function authServer(flags: AuthServerFlags): Promise<number> {
  const settings = readOAuthSettings({
    clientId: flags.oauthClientId,
    ...(flags.oauthClientSecretEnv !== undefined ? { clientSecretEnv: flags.oauthClientSecretEnv } : {}),
    ...(flags.oauthRefreshTokenEnv !== undefined ? { refreshTokenEnv: flags.oauthRefreshTokenEnv } : {}),
  });
  const scopes = flags.scopes?.split(' ').filter((scope) => scope !== '');
  const options: TestIssuerOptions = {
    port: flags.port,
    clientId: settings.clientId,
    ...(settings.clientSecret !== undefined ? { clientSecret: settings.clientSecret } : {}),
    ...(settings.refreshToken !== undefined ? { refreshToken: settings.refreshToken } : {}),
    lifetimeSeconds: flags.lifetime,
    ...(scopes && scopes.length > 0 ? { scopes } : {}),
  };
  let running: RunningTestIssuer;
  try {
    running = await startTestIssuer(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw usageError(`cannot listen on 127.0.0.1:${flags.port} (${code}): pass another --port, or --port 0 for a free one`);
  }
  for (const line of announceTestIssuer(running, options, flags.oauthClientSecretEnv)) writeErr(`${line}\n`);
  writeErr('Ctrl-C stops it\n');
  writeOut(`${running.issuer}\n`);
  return EXIT.pass;
}
