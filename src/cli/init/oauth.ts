/**
 * What `init --oauth` sets up for a server that asks for OAuth tokens: in CI, every job that runs
 * mcpgate starts `mcpgate auth-server` on a fixed port of 127.0.0.1 before the server, the server
 * trusts it (it reads the issuer's URL from MCPGATE_TEST_ISSUER), and mcpgate.yaml's server.oauth
 * gets its tokens there while check.test_issuer lets the auth checks send the ones it forges. The
 * client secret is made up afresh by each job and never written anywhere. At init, a server that
 * init starts itself (--start) is given a test issuer of its own for as long as its tools are listed.
 */

import { randomBytes } from 'node:crypto';
import { DEFAULT_TEST_ISSUER_PORT } from '../../auth/test-issuer/defaults.js';
import { startTestIssuer } from '../../auth/test-issuer/server.js';
import { oauthClient, oauthFlagsOf, type CredentialFlags } from '../../pipeline/credentials.js';
import { registerSecret } from '../../shared/redact.js';
import type { TokenProvider } from '../../wire/credentials.js';

/** The test issuer of the workflow, and the names that tie it to mcpgate.yaml and the server. */
export const CI_OAUTH = {
  issuer: `http://127.0.0.1:${DEFAULT_TEST_ISSUER_PORT}`,
  port: DEFAULT_TEST_ISSUER_PORT,
  /** The server under test reads the issuer it trusts from this variable. */
  issuerVariable: 'MCPGATE_TEST_ISSUER',
  clientId: 'mcpgate-ci',
  secretVariable: 'MCPGATE_OAUTH_CLIENT_SECRET',
} as const;

/** server.oauth as init writes it, and check.test_issuer when the workflow's issuer is the one. */
export interface OAuthSketch {
  clientId: string;
  clientSecretEnv?: string;
  refreshTokenEnv?: string;
  scope?: string;
  issuer?: string;
  testIssuer?: string;
}

/** With --oauth, the workflow's test issuer; else what the OAuth flags named, if anything. */
export function oauthSketch(flags: CredentialFlags & { oauth?: boolean | undefined }): OAuthSketch | undefined {
  if (flags.oauth)
    return { clientId: CI_OAUTH.clientId, clientSecretEnv: CI_OAUTH.secretVariable, issuer: CI_OAUTH.issuer, testIssuer: CI_OAUTH.issuer };
  const given = oauthFlagsOf(flags);
  if (given.clientId === undefined) return undefined;
  return {
    clientId: given.clientId,
    ...(given.clientSecretEnv !== undefined ? { clientSecretEnv: given.clientSecretEnv } : {}),
    ...(given.refreshTokenEnv !== undefined ? { refreshTokenEnv: given.refreshTokenEnv } : {}),
    ...(given.scope !== undefined ? { scope: given.scope } : {}),
    ...(given.issuer !== undefined ? { issuer: given.issuer } : {}),
  };
}

/**
 * Runs `work` with a test issuer on a free port of 127.0.0.1: the variable that names it to the
 * server init starts, and an OAuth client of the server at `url` that gets its tokens there.
 */
export async function withInitIssuer<T>(
  url: string,
  timeoutMs: number,
  work: (issuer: { env: Record<string, string>; credentials: TokenProvider }) => Promise<T>,
): Promise<T> {
  const clientSecret = randomBytes(32).toString('hex');
  registerSecret(clientSecret);
  const issuer = await startTestIssuer({ clientId: CI_OAUTH.clientId, clientSecret, lifetimeSeconds: 300 });
  try {
    const credentials = oauthClient(url, { clientId: CI_OAUTH.clientId, clientSecret, issuer: issuer.issuer }, timeoutMs);
    return await work({ env: { [CI_OAUTH.issuerVariable]: issuer.issuer }, credentials });
  } finally {
    await issuer.close();
  }
}
