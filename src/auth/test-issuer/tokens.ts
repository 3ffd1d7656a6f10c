/**
 * The test issuer's signing key and the access tokens it signs (RFC 9068 JWTs, `typ: at+jwt`):
 * the honest ones of the client-credentials and refresh grants, and the adversarial kinds a correct
 * server refuses. One ES256 key per run, made at start and never written anywhere.
 */

import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { OTHER_AUDIENCE, OTHER_ISSUER, type AdversarialKind } from '../adversarial.js';
import { assertNever } from '../../shared/guards.js';

export interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
  return { privateKey, publicJwk };
}

export interface TokenClaims {
  issuer: string;
  audience: string;
  clientId: string;
  scope?: string;
  lifetimeSeconds: number;
}

/** An access token as the issuer gives it out; `now` is in seconds. */
export function signAccessToken(key: SigningKey, claims: TokenClaims, now: number): Promise<string> {
  return sign(key, claims, now, now + claims.lifetimeSeconds);
}

/** An hour past, so that no clock-skew leeway a server may allow makes it valid again. */
const LONG_EXPIRED_SECONDS = 3600;

export function signAdversarialToken(key: SigningKey, kind: AdversarialKind, claims: TokenClaims, now: number): Promise<string> {
  switch (kind) {
    case 'expired':
      return sign(key, claims, now - LONG_EXPIRED_SECONDS - claims.lifetimeSeconds, now - LONG_EXPIRED_SECONDS);
    case 'other-audience':
      return sign(key, { ...claims, audience: OTHER_AUDIENCE }, now, now + claims.lifetimeSeconds);
    case 'other-issuer':
      return sign(key, { ...claims, issuer: OTHER_ISSUER }, now, now + claims.lifetimeSeconds);
    case 'no-scope': {
      const { scope: _dropped, ...rest } = claims;
      return sign(key, rest, now, now + claims.lifetimeSeconds);
    }
    default:
      return assertNever(kind, 'adversarial token kind');
  }
}

function sign(key: SigningKey, claims: Omit<TokenClaims, 'lifetimeSeconds'>, issuedAt: number, expiresAt: number): Promise<string> {
  return new SignJWT({ client_id: claims.clientId, ...(claims.scope ? { scope: claims.scope } : {}) })
    .setProtectedHeader({ alg: 'ES256', kid: key.publicJwk.kid!, typ: 'at+jwt' })
    .setIssuer(claims.issuer)
    .setAudience(claims.audience)
    .setSubject(claims.clientId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(key.privateKey);
}
