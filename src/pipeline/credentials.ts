/**
 * The server's credentials, whichever way they were given (the target flags or mcpgate.yaml's
 * `server:`): static headers, and an OAuth client when a client id is named. The client's settings
 * are read here, once, before anything runs: a variable that is not set is exit 4 at the start, not
 * a failed check later.
 */

import { DEFAULT_FETCH_LIMITS } from '../auth/fetch.js';
import { OAuthTokenProvider } from '../auth/provider.js';
import { readOAuthSettings, type OAuthOptions, type OAuthSettings } from '../auth/settings.js';
import type { AuthCheckOptions } from '../conformance/auth-options.js';
import { usageError } from '../shared/input-error.js';
import type { Target } from '../wire/target.js';

/** The OAuth flags as given: `--oauth-client-id` and friends, or server.oauth's keys. */
export interface OAuthFlags {
  clientId?: string | undefined;
  clientSecretEnv?: string | undefined;
  refreshTokenEnv?: string | undefined;
  scope?: string | undefined;
  issuer?: string | undefined;
}

/** What a command's target flags say about credentials (TargetFlags has these, among others). */
export interface CredentialFlags {
  header: Record<string, string>;
  timeout: number;
  oauthClientId?: string | undefined;
  oauthClientSecretEnv?: string | undefined;
  oauthRefreshTokenEnv?: string | undefined;
  oauthScope?: string | undefined;
  oauthIssuer?: string | undefined;
}

export interface ServerCredentials {
  headers: Record<string, string>;
  /** The OAuth client, when a client id is configured: ConnectOptions.credentials. */
  credentials?: OAuthTokenProvider;
  /** Its settings, for the tokens the auth checks request besides the run's own. */
  settings?: OAuthSettings;
}

export function oauthFlagsOf(flags: CredentialFlags): OAuthFlags {
  return {
    clientId: flags.oauthClientId,
    clientSecretEnv: flags.oauthClientSecretEnv,
    refreshTokenEnv: flags.oauthRefreshTokenEnv,
    scope: flags.oauthScope,
    issuer: flags.oauthIssuer,
  };
}

/**
 * The OAuth settings, validated against the target and the headers, or undefined without a client
 * id. `naming` says how the user gave them, for the messages: flags or mcpgate.yaml keys.
 */
export function oauthSettingsFor(
  target: Target,
  headers: Record<string, string>,
  oauth: OAuthFlags,
  naming: 'flags' | 'config' = 'flags',
  env: NodeJS.ProcessEnv = process.env,
): OAuthSettings | undefined {
  const name = (flag: string, key: string): string => (naming === 'flags' ? `--oauth-${flag}` : `server.oauth.${key}`);
  if (oauth.clientId === undefined) {
    const stray = (['clientSecretEnv', 'refreshTokenEnv', 'scope', 'issuer'] as const).find((k) => oauth[k] !== undefined);
    if (stray !== undefined && naming === 'flags')
      throw usageError(`--oauth-${kebab(stray)} needs --oauth-client-id: the client the credentials are for`);
    return undefined;
  }
  if (target.kind !== 'http')
    throw usageError(
      `${name('client-id', 'client_id')} is for an HTTP server; a stdio server takes its credentials in its environment (--env)`,
    );
  if (Object.keys(headers).some((header) => header.toLowerCase() === 'authorization'))
    throw usageError(`an Authorization header and ${name('client-id', 'client_id')} would both authenticate: keep one`);
  if (oauth.issuer !== undefined && !isHttpUrl(oauth.issuer))
    throw usageError(
      `${name('issuer', 'issuer')} needs the issuer's URL, e.g. https://auth.example.com, got "${oauth.issuer.slice(0, 60)}"`,
    );
  const options: OAuthOptions = {
    clientId: oauth.clientId,
    ...(oauth.clientSecretEnv !== undefined ? { clientSecretEnv: oauth.clientSecretEnv } : {}),
    ...(oauth.refreshTokenEnv !== undefined ? { refreshTokenEnv: oauth.refreshTokenEnv } : {}),
    ...(oauth.scope !== undefined ? { scope: oauth.scope } : {}),
    ...(oauth.issuer !== undefined ? { issuer: oauth.issuer } : {}),
  };
  return readOAuthSettings(options, env);
}

/** The OAuth client for the server at `url`; requests to its issuer time out like requests to the server. */
export function oauthClient(url: string, settings: OAuthSettings, timeoutMs: number): OAuthTokenProvider {
  return new OAuthTokenProvider(url, settings, { ...DEFAULT_FETCH_LIMITS, timeoutMs });
}

/** The credentials as ConnectOptions take them. */
export function connectCredentials(credentials: ServerCredentials): { headers: Record<string, string>; credentials?: OAuthTokenProvider } {
  return { headers: credentials.headers, ...(credentials.credentials ? { credentials: credentials.credentials } : {}) };
}

/** The credentials of a command's target flags: the headers as given, and the OAuth client when one is named. */
export function credentialsFromFlags(target: Target, flags: CredentialFlags): ServerCredentials {
  const settings = oauthSettingsFor(target, flags.header, oauthFlagsOf(flags));
  if (!settings || target.kind !== 'http') return { headers: flags.header };
  return { headers: flags.header, credentials: oauthClient(target.url, settings, flags.timeout), settings };
}

/** What the auth checks are given: the run's OAuth client and its settings, and the test issuer when one is named. */
export function authCheckOptions(
  credentials: ServerCredentials,
  testIssuer: string | undefined,
  timeoutMs: number,
  named: '--test-issuer' | 'check.test_issuer' = '--test-issuer',
): AuthCheckOptions {
  if (testIssuer !== undefined && !isHttpUrl(testIssuer))
    throw usageError(
      `${named} needs the URL \`mcpgate auth-server\` printed, e.g. http://127.0.0.1:9417, got "${testIssuer.slice(0, 60)}"`,
    );
  return {
    ...(credentials.credentials ? { provider: credentials.credentials } : {}),
    ...(credentials.settings ? { settings: credentials.settings } : {}),
    ...(testIssuer !== undefined ? { testIssuer } : {}),
    limits: { ...DEFAULT_FETCH_LIMITS, timeoutMs },
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
