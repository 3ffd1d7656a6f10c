/**
 * One token request to an issuer's token endpoint, through oauth4webapi: the client-credentials
 * grant, or the refresh-token grant, always with the RFC 8707 `resource` parameter. Everything
 * secret in the answer is registered with the redaction boundary before it is parsed.
 */

import {
  ClientSecretBasic,
  ClientSecretPost,
  None,
  clientCredentialsGrantRequest,
  processClientCredentialsResponse,
  processRefreshTokenResponse,
  refreshTokenGrantRequest,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
  type AuthorizationServer,
  type ClientAuth,
  type TokenEndpointResponse,
} from 'oauth4webapi';
import { isRecord } from '../shared/guards.js';
import { oneLine } from '../shared/one-line.js';
import { registerSecret } from '../shared/redact.js';
import { OAuthError } from './errors.js';
import { requestOptions, type FetchLimits } from './fetch.js';
import type { OAuthSettings } from './settings.js';

export interface IssuedToken {
  accessToken: string;
  /** When the token stops being valid (ms since the epoch), counted from when the request was sent. */
  expiresAt?: number;
  /** Seconds of life the issuer announced. */
  expiresIn?: number;
  scope?: string;
  /** A new refresh token, when the issuer rotates them. */
  refreshToken?: string;
}

export interface TokenParameters {
  resource: string;
  /** Space-separated; omitted from the request when undefined. */
  scope?: string;
}

/** Fields of a token answer that carry no secret; every other string in it is registered. */
const PUBLIC_FIELDS = new Set(['token_type', 'scope', 'expires_in', 'error', 'error_description', 'error_uri', 'issued_token_type']);
const LONGEST_REGISTERED = 16 * 1024;

export async function requestToken(
  server: AuthorizationServer,
  settings: OAuthSettings,
  parameters: TokenParameters,
  limits: FetchLimits,
  now: () => number = Date.now,
): Promise<IssuedToken> {
  const endpoint = new URL(server.token_endpoint!);
  const options = requestOptions(endpoint, limits, registerTokenAnswer);
  const client = { client_id: settings.clientId };
  const auth = clientAuth(server, settings);
  const body: Record<string, string> = { resource: parameters.resource, ...(parameters.scope ? { scope: parameters.scope } : {}) };
  const sentAt = now();
  let answer: TokenEndpointResponse;
  try {
    if (settings.refreshToken !== undefined) {
      const response = await refreshTokenGrantRequest(server, client, auth, settings.refreshToken, {
        ...options,
        additionalParameters: body,
      });
      answer = await processRefreshTokenResponse(server, client, response);
    } else {
      const response = await clientCredentialsGrantRequest(server, client, auth, body, options);
      answer = await processClientCredentialsResponse(server, client, response);
    }
  } catch (error) {
    throw new OAuthError(describeTokenError(endpoint, error), 'token');
  }
  if (answer.token_type !== 'bearer') {
    throw new OAuthError(
      `${endpoint.origin} issued a token of type "${oneLine(answer.token_type, 40)}"; mcpgate sends bearer tokens only`,
      'token',
    );
  }
  // The token goes into a header, written byte for byte by the load generator: a line break would split the request.
  if (!/^[\x21-\x7e]+$/.test(answer.access_token)) {
    throw new OAuthError(`${endpoint.origin} issued an access token with characters an HTTP header cannot carry`, 'token');
  }
  const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : undefined;
  return {
    accessToken: answer.access_token,
    ...(expiresIn !== undefined ? { expiresIn, expiresAt: sentAt + expiresIn * 1000 } : {}),
    ...(typeof answer.scope === 'string' ? { scope: answer.scope } : {}),
    ...(typeof answer.refresh_token === 'string' ? { refreshToken: answer.refresh_token } : {}),
  };
}

/** A secret is sent to the token endpoint the way its metadata says it takes one (RFC 8414's default is Basic). */
export function clientAuth(server: AuthorizationServer, settings: OAuthSettings): ClientAuth {
  if (settings.clientSecret === undefined) return None();
  const methods = server.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    return ClientSecretPost(settings.clientSecret);
  }
  return ClientSecretBasic(settings.clientSecret);
}

/** The token endpoint's answer is a secret the moment it arrives, whatever else happens to it. */
export function registerTokenAnswer(body: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  if (!isRecord(parsed)) return;
  for (const [key, value] of Object.entries(parsed)) {
    if (!PUBLIC_FIELDS.has(key) && typeof value === 'string' && value.length <= LONGEST_REGISTERED) registerSecret(value);
  }
}

function describeTokenError(endpoint: URL, error: unknown): string {
  const where = `the token endpoint ${endpoint.origin}${endpoint.pathname}`;
  if (error instanceof OAuthError) return error.message;
  if (error instanceof ResponseBodyError) {
    const description = error.error_description ? `: ${oneLine(error.error_description, 200)}` : '';
    return `${where} refused the request (HTTP ${error.status}, ${oneLine(error.error, 60)}${description})`;
  }
  if (error instanceof WWWAuthenticateChallengeError)
    return `${where} refused the client's credentials (HTTP ${error.status}); check the client id and secret`;
  return `${where} did not issue a token: ${error instanceof Error ? oneLine(error.message, 200) : String(error)}`;
}
