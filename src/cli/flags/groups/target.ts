/**
 * The target group: which server, how to reach it and with which credentials (a static header, or an
 * OAuth client that gets and renews its token); and the tools a command may call on it.
 */

import { DEFAULT_TIMEOUT_MS } from '../../../pipeline/defaults.js';
import { collectEnv, collectHeader, positiveInteger } from '../../parse.js';
import { Flag } from '../flag.js';
import type { FlagValues } from '../table.js';

export interface TargetHelp {
  url?: string;
  stdio?: string;
  timeout?: string;
}

/** The server and how to reach it. */
export function targetFlags(help: TargetHelp = {}) {
  return {
    url: Flag.value('<url>', help.url ?? 'Streamable HTTP endpoint of the server, e.g. http://127.0.0.1:3000/mcp').mirrors('server.url'),
    stdio: Flag.value('<command>', help.stdio ?? 'command line that starts the server on stdio, e.g. "node server.js"').mirrors(
      'server.stdio',
    ),
    env: Flag.value(
      '<name[=value]>',
      "a variable for the --stdio server, which otherwise gets only PATH, HOME, the locale and the like (repeatable; NAME alone passes mcpgate's value)",
      () => collectEnv,
    ).default({}, 'none'),
    header: Flag.value(
      '<header>',
      'extra HTTP header on every request, e.g. "Authorization: Bearer $TOKEN" (repeatable; never shown in any output)',
      () => collectHeader,
    )
      .default({}, 'none')
      .mirrors('server.headers'),
    timeout: Flag.value('<ms>', help.timeout ?? 'per-request timeout in milliseconds', positiveInteger)
      .default(DEFAULT_TIMEOUT_MS)
      .mirrors('server.timeout_ms'),
    ...oauthFlags(),
  } as const;
}

/** An OAuth client for a protected HTTP server (docs/auth.md): mcpgate finds its issuer, gets a token and renews it. */
export function oauthFlags() {
  return {
    'oauth-client-id': Flag.value(
      '<id>',
      'OAuth client id: mcpgate gets a token from the authorization server the server names (client credentials or a refresh token) and renews it',
    ).mirrors('server.oauth.client_id'),
    'oauth-client-secret-env': Flag.value(
      '<name>',
      'the environment variable holding the OAuth client secret (never the secret itself on the command line)',
    ).mirrors('server.oauth.client_secret_env'),
    'oauth-refresh-token-env': Flag.value(
      '<name>',
      'the environment variable holding an OAuth refresh token obtained once by a person',
    ).mirrors('server.oauth.refresh_token_env'),
    'oauth-scope': Flag.value(
      '<scopes>',
      "space-separated scopes to request (default: the server's challenge, else its metadata's scopes_supported)",
    ).mirrors('server.oauth.scope'),
    'oauth-issuer': Flag.value(
      '<url>',
      'the only authorization server the credentials are sent to (recommended: otherwise they go to whichever issuer the server names)',
    ).mirrors('server.oauth.issuer'),
  } as const;
}

/** Tools a command may call beyond the read-only ones; `help` says which calls, for this command. */
export function allowToolFlags(help: string) {
  return { 'allow-tool': Flag.list('<name>', `${help} (repeatable)`) } as const;
}

export type TargetFlags = FlagValues<ReturnType<typeof targetFlags>>;
