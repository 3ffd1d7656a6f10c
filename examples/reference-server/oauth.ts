/**
 * The OAuth mode of the reference server (basic/authorization): a resource server that trusts one
 * issuer, read from its RFC 8414 (or OpenID) metadata at start. It publishes its protected-resource
 * metadata at the path-suffixed well-known URI and names it in every 401; it accepts a request only
 * with a bearer token in the Authorization header that the issuer signed, for this server's
 * canonical URI, unexpired, carrying the required scope. Each `auth.*` variant breaks one of these.
 */

import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import type { IncomingMessage } from 'node:http';
import { isBroken, type ServerConfig } from './config.js';

export interface OAuthMode {
  /** jose, loaded only in this mode: the server starts hundreds of times in tests without OAuth. */
  jose: typeof import('jose');
  issuer: string;
  /** The scope every request needs. */
  scope: string;
  jwks: JWTVerifyGetKey;
  /** The issuer's metadata as published, served again by the as-issuer-mismatch variant. */
  issuerMetadata: Record<string, unknown>;
}

export type Refusal = { status: 401 | 403; challenge?: string; message: string };

export const PRM_PATH = '/.well-known/oauth-protected-resource/mcp';
const ROOT_PRM_PATH = '/.well-known/oauth-protected-resource';
const AS_METADATA_PATH = '/.well-known/oauth-authorization-server';

/** Reads the issuer's metadata the way a client would (RFC 8414 first, then OpenID) and its JWKS location. */
export async function loadOAuthMode(issuer: string, scope: string): Promise<OAuthMode> {
  const jose = await import('jose');
  const base = new URL(issuer);
  const path = base.pathname.replace(/\/$/, '');
  for (const where of [`/.well-known/oauth-authorization-server${path}`, `${path}/.well-known/openid-configuration`]) {
    const response = await fetch(new URL(where, base.origin));
    if (!response.ok) continue;
    const metadata = (await response.json()) as Record<string, unknown>;
    if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') {
      throw new Error(`the metadata at ${where} does not describe issuer ${issuer} with a jwks_uri`);
    }
    // The keys are fetched before the first request, so that no request waits on the issuer (a CI
    // issuer on a busy runner may take a while); an unknown kid fetches them again later.
    const jwks = jose.createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 30_000 });
    await jwks.reload();
    return { jose, issuer, scope, jwks, issuerMetadata: metadata };
  }
  throw new Error(`no RFC 8414 or OpenID metadata found for issuer ${issuer}`);
}

/** What the server serves under /.well-known, or undefined for a path that is not metadata. */
export function wellKnownDocument(
  path: string,
  mode: OAuthMode,
  resource: string,
  config: ServerConfig,
): Record<string, unknown> | undefined {
  if (path === AS_METADATA_PATH && isBroken(config, 'as-issuer-mismatch')) return mode.issuerMetadata;
  if (path !== PRM_PATH) return undefined;
  const origin = new URL(resource).origin;
  return {
    resource: isBroken(config, 'prm-wrong-resource') ? origin : resource,
    // as-issuer-mismatch: this server names itself as its issuer and republishes the real issuer's
    // metadata, whose `issuer` then differs from the URL it was found under.
    authorization_servers: [isBroken(config, 'as-issuer-mismatch') ? origin : mode.issuer],
    scopes_supported: [mode.scope],
    bearer_methods_supported: ['header'],
  };
}

/** Undefined when the request may be served, else how it is refused. */
export async function authorize(
  req: IncomingMessage,
  mode: OAuthMode,
  resource: string,
  config: ServerConfig,
): Promise<Refusal | undefined> {
  const token = bearerToken(req, config);
  if (token === undefined) return refuse(401, undefined, 'Unauthorized: a bearer token is required', mode, resource, config);
  const claims = await validate(token, mode, resource, config);
  if (!claims) return refuse(401, 'invalid_token', 'Unauthorized: the bearer token is not valid for this server', mode, resource, config);
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
  if (!scopes.includes(mode.scope) && !isBroken(config, 'no-scope-check')) {
    // scope-refusal-401: the missing scope is reported as a bad token instead of a step-up challenge.
    if (isBroken(config, 'scope-refusal-401')) return refuse(401, 'invalid_token', 'Unauthorized: token rejected', mode, resource, config);
    return refuse(403, 'insufficient_scope', `Forbidden: this server needs the scope ${mode.scope}`, mode, resource, config);
  }
  return undefined;
}

function bearerToken(req: IncomingMessage, config: ServerConfig): string | undefined {
  const header = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(req.headers.authorization ?? '');
  if (header) return header[1];
  if (isBroken(config, 'accepts-query-token'))
    return new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token') ?? undefined;
  return undefined;
}

async function validate(token: string, mode: OAuthMode, resource: string, config: ServerConfig): Promise<JWTPayload | undefined> {
  let claims: JWTPayload;
  try {
    claims = mode.jose.decodeJwt(token);
  } catch {
    // accepts-opaque-token: anything that is not a JWT is taken for a legacy API key.
    return isBroken(config, 'accepts-opaque-token') ? { scope: mode.scope } : undefined;
  }
  // rejects-valid-tokens: the audience is compared with a trailing slash the issuer never writes.
  const audience = isBroken(config, 'rejects-valid-tokens') ? `${resource}/` : resource;
  if (isBroken(config, 'no-signature-check')) {
    const now = Date.now() / 1000;
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    return claims.iss === mode.issuer && aud.includes(audience) && (claims.exp ?? 0) > now ? claims : undefined;
  }
  try {
    const { payload } = await mode.jose.jwtVerify(token, mode.jwks, {
      ...(isBroken(config, 'no-issuer-check') ? {} : { issuer: mode.issuer }),
      ...(isBroken(config, 'no-audience-check') ? {} : { audience }),
      // accepts-expired: a "clock skew" leeway of a day.
      ...(isBroken(config, 'accepts-expired') ? { clockTolerance: 86_400 } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

function refuse(
  status: 401 | 403,
  error: string | undefined,
  message: string,
  mode: OAuthMode,
  resource: string,
  config: ServerConfig,
): Refusal {
  if (status === 401 && isBroken(config, 'challenge-without-header')) return { status, message };
  const origin = new URL(resource).origin;
  // prm-404: the challenge names the root form, which this server does not serve.
  const metadataUrl = `${origin}${isBroken(config, 'prm-404') ? ROOT_PRM_PATH : PRM_PATH}`;
  const scope = isBroken(config, 'challenge-offline-access') ? `${mode.scope} offline_access` : mode.scope;
  const parameters = [
    ...(error ? [`error="${error}"`] : []),
    ...(isBroken(config, 'challenge-without-scope') && status === 401 ? [] : [`scope="${scope}"`]),
    `resource_metadata="${metadataUrl}"`,
  ];
  return { status, challenge: `Bearer ${parameters.join(', ')}`, message };
}
