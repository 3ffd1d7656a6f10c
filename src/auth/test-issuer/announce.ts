/**
 * What `mcpgate auth-server` prints once it listens: where the issuer is, that it binds 127.0.0.1
 * only and is for tests, what it issues, and the command that checks a server trusting it. The
 * client secret is never printed: the user named the variable that holds it.
 */

import type { RunningTestIssuer, TestIssuerOptions } from './server.js';

export function announceTestIssuer(running: RunningTestIssuer, options: TestIssuerOptions, secretEnv: string | undefined): string[] {
  const grants = [
    options.clientSecret !== undefined ? 'client credentials' : undefined,
    options.refreshToken !== undefined ? 'refresh token' : undefined,
  ]
    .filter((g) => g !== undefined)
    .join(' and ');
  const credentials = secretEnv ? ` --oauth-client-secret-env ${secretEnv}` : '';
  return [
    `mcpgate auth-server: issuer ${running.issuer} (metadata at ${running.issuer}/.well-known/oauth-authorization-server)`,
    'bound to 127.0.0.1 only: a test issuer for CI, never for production',
    `client ${options.clientId} (${grants}); tokens live ${options.lifetimeSeconds} s${options.scopes ? `; scopes ${options.scopes.join(' ')}` : ''}`,
    `trust it in the server under test, then: mcpgate check --url <server> --oauth-client-id ${options.clientId}${credentials} --oauth-issuer ${running.issuer} --test-issuer ${running.issuer}`,
  ];
}
