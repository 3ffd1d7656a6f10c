/**
 * Tokens a correct protected server must refuse. mcpgate forges two kinds itself from any JWT the
 * issuer gave it (one signed by a key of its own under the same `kid`, one with its signature
 * altered); the kinds only an issuer can sign (expired, for another audience, naming another issuer,
 * without scope) come from mcpgate's test issuer through an extension grant at its token endpoint,
 * authenticated like any token request, so that it grants nothing the client could not already get.
 */

import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { genericTokenEndpointRequest, processGenericTokenEndpointResponse, type AuthorizationServer } from 'oauth4webapi';
import { isRecord } from '../shared/guards.js';
import { OAuthError } from './errors.js';
import { requestOptions, type FetchLimits } from './fetch.js';
import type { OAuthSettings } from './settings.js';
import { clientAuth, registerTokenAnswer } from './token-request.js';

/** The extension grant of `mcpgate auth-server`; its metadata lists it in grant_types_supported. */
export const ADVERSARIAL_GRANT = 'urn:mcpgate:params:grant-type:adversarial-token';

export const ADVERSARIAL_KINDS = ['expired', 'other-audience', 'other-issuer', 'no-scope'] as const;
export type AdversarialKind = (typeof ADVERSARIAL_KINDS)[number];

/** Names no real service uses (RFC 6761 .invalid), so a token for them is useless anywhere. */
export const OTHER_AUDIENCE = 'https://another-resource.mcpgate.invalid/mcp';
export const OTHER_ISSUER = 'https://another-issuer.mcpgate.invalid';

export function isTestIssuer(server: AuthorizationServer): boolean {
  return Array.isArray(server.grant_types_supported) && server.grant_types_supported.includes(ADVERSARIAL_GRANT);
}

export async function requestAdversarialToken(
  server: AuthorizationServer,
  settings: OAuthSettings,
  kind: AdversarialKind,
  /** The resource and scope of the run's own token: each kind differs from it in one thing only. */
  target: { resource: string; scope?: string },
  limits: FetchLimits,
): Promise<string> {
  const endpoint = new URL(server.token_endpoint!);
  try {
    const response = await genericTokenEndpointRequest(
      server,
      { client_id: settings.clientId },
      clientAuth(server, settings),
      ADVERSARIAL_GRANT,
      { kind, resource: target.resource, ...(target.scope ? { scope: target.scope } : {}) },
      // A token without scope is still good for something (at a server that ignores scopes), and the
      // others carry the client's claims: the answer is a secret like every token answer.
      requestOptions(endpoint, limits, registerTokenAnswer),
    );
    const answer = await processGenericTokenEndpointResponse(server, { client_id: settings.clientId }, response);
    return answer.access_token;
  } catch (error) {
    throw new OAuthError(
      `the test issuer ${endpoint.origin} did not mint a "${kind}" token: ${error instanceof Error ? error.message : String(error)}`,
      'token',
    );
  }
}

/** The claims of a JWT, unverified, or undefined for a token that is not one (an opaque token). */
export function jwtClaims(token: string): JWTPayload | undefined {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

/** The same claims and `kid`, signed by a key mcpgate just made: a server that trusts its issuer's keys only refuses it. */
export async function signedByOwnKey(token: string): Promise<string | undefined> {
  const claims = jwtClaims(token);
  if (!claims) return undefined;
  const header = decodeProtectedHeader(token);
  const { privateKey } = await generateKeyPair('ES256');
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', ...(header.kid ? { kid: header.kid } : {}), ...(header.typ ? { typ: header.typ } : {}) })
    .sign(privateKey);
  // Signed by a key nobody trusts: worthless anywhere, so not registered as a secret.
  return forged;
}

/** The token with a byte of its signature changed: the claims and header the issuer signed, a signature that does not match. */
export function withAlteredSignature(token: string): string | undefined {
  if (!jwtClaims(token)) return undefined;
  const [header, payload, signature = ''] = token.split('.');
  if (signature.length < 2) return undefined;
  // Flipping the first character changes bits that base64url always carries (the last may be padding bits).
  const first = signature[0] === 'A' ? 'B' : 'A';
  // Its signature matches nothing: worthless anywhere, so not registered as a secret.
  return `${header}.${payload}.${first}${signature.slice(1)}`;
}

/** The scopes a JWT carries (`scope` string, or `scp` array as some issuers write it). */
export function claimedScopes(claims: JWTPayload): string[] | undefined {
  if (typeof claims.scope === 'string') return claims.scope.split(' ').filter((s) => s !== '');
  if (Array.isArray(claims.scp)) return claims.scp.filter((s): s is string => typeof s === 'string');
  if (isRecord(claims) && claims.scope === undefined && claims.scp === undefined) return [];
  return undefined;
}
