/**
 * What the user configures for OAuth (flags or `server.oauth` in mcpgate.yaml): a client id, and the
 * NAMES of the variables that hold the secret and the refresh token, never the values themselves.
 * The values are read here, once, and registered with the redaction boundary at that moment.
 */

import { EXIT } from '../shared/exit-codes.js';
import { InputError } from '../shared/input-error.js';
import { registerSecret } from '../shared/redact.js';

export interface OAuthOptions {
  clientId: string;
  /** Name of the variable holding the client secret (client-credentials grant). */
  clientSecretEnv?: string;
  /** Name of the variable holding a refresh token a person obtained once. */
  refreshTokenEnv?: string;
  /** Space-separated scopes to request; by default the challenge's, else the metadata's scopes_supported. */
  scope?: string;
  /** The only issuer mcpgate sends these credentials to; by default the first one the server names. */
  issuer?: string;
}

export interface OAuthSettings {
  clientId: string;
  clientSecret?: string;
  refreshToken?: string;
  scope?: string;
  issuer?: string;
}

export function readOAuthSettings(options: OAuthOptions, env: NodeJS.ProcessEnv = process.env): OAuthSettings {
  const clientSecret = readVariable(options.clientSecretEnv, 'the client secret', env);
  const refreshToken = readVariable(options.refreshTokenEnv, 'the refresh token', env);
  if (clientSecret === undefined && refreshToken === undefined) {
    // A usage error, not missing credentials: no variable was named, so there is none to set.
    throw new InputError(
      'OAuth needs a grant: name the variable holding the client secret (--oauth-client-secret-env NAME) or a refresh token (--oauth-refresh-token-env NAME)',
      EXIT.usage,
    );
  }
  return {
    clientId: options.clientId,
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(refreshToken !== undefined ? { refreshToken } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.issuer ? { issuer: options.issuer } : {}),
  };
}

function readVariable(name: string | undefined, what: string, env: NodeJS.ProcessEnv): string | undefined {
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value === '') {
    throw new InputError(
      `${name} is not set: it should hold ${what} (mcpgate reads the value from the environment, never from a flag)`,
      EXIT.missingCredentials,
    );
  }
  registerSecret(value);
  return value;
}
