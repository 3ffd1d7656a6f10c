/**
 * `mcpgate auth-server`: a small OAuth authorization server for CI, never for production. It
 * publishes RFC 8414 metadata and a JWKS, issues short-lived JWT access tokens to one registered
 * client (client credentials, or a refresh token it rotates), always for the RFC 8707 `resource`
 * the client names, and mints the adversarial tokens of `check --test-issuer` through an extension
 * grant. It binds 127.0.0.1 only: a team's server under test trusts it, so nothing else may reach it.
 */

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADVERSARIAL_GRANT, ADVERSARIAL_KINDS, type AdversarialKind } from '../adversarial.js';
import { newSigningKey, signAccessToken, signAdversarialToken, type SigningKey } from './tokens.js';

export interface TestIssuerOptions {
  port?: number;
  clientId: string;
  clientSecret?: string;
  /** A refresh token the client may start from; each use returns a new one and retires the old. */
  refreshToken?: string;
  /** expires_in of every token, in seconds. */
  lifetimeSeconds: number;
  /** Listed as scopes_supported; any scope is granted as asked (this issuer tests servers, not clients). */
  scopes?: readonly string[];
  now?: () => number;
}

export interface RunningTestIssuer {
  issuer: string;
  /** Tokens issued by the honest grants so far. */
  issued(): number;
  close(): Promise<void>;
}

export const TEST_ISSUER_HOST = '127.0.0.1';
const MAX_FORM_BYTES = 64 * 1024;

export async function startTestIssuer(options: TestIssuerOptions): Promise<RunningTestIssuer> {
  const key = await newSigningKey();
  const now = options.now ?? Date.now;
  let refreshToken = options.refreshToken;
  let issued = 0;
  let issuer = '';

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'server_error', error_description: 'the test issuer failed on this request' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'GET' && path === '/.well-known/oauth-authorization-server') return send(res, 200, metadata(issuer, options));
    if (req.method === 'GET' && path === '/jwks') return send(res, 200, { keys: [key.publicJwk] });
    if (req.method === 'POST' && path === '/token') return token(req, res);
    send(res, 404, { error: 'not_found', error_description: `${req.method ?? ''} ${path} is not an endpoint of this issuer` });
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (!form)
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'the body must be an application/x-www-form-urlencoded form of at most 64 KiB',
      });
    if (!authenticated(req, form, options)) {
      res.setHeader('WWW-Authenticate', 'Basic realm="mcpgate test issuer"');
      return send(res, 401, { error: 'invalid_client', error_description: 'unknown client or wrong secret' });
    }
    const resource = form.get('resource');
    if (!resource || !isAbsoluteUrl(resource)) {
      return send(res, 400, {
        error: 'invalid_target',
        error_description: 'name the server the token is for: the resource parameter (RFC 8707) with its canonical URI',
      });
    }
    const claims = { issuer, audience: resource, clientId: options.clientId, lifetimeSeconds: options.lifetimeSeconds, ...scopeOf(form) };
    const seconds = Math.floor(now() / 1000);
    const grant = form.get('grant_type');
    if (grant === 'client_credentials' && options.clientSecret !== undefined) {
      issued++;
      return send(res, 200, tokenAnswer(await signAccessToken(key, claims, seconds), options.lifetimeSeconds, claims.scope));
    }
    if (grant === 'refresh_token') {
      if (refreshToken === undefined || !sameSecret(form.get('refresh_token') ?? '', refreshToken)) {
        return send(res, 400, { error: 'invalid_grant', error_description: 'unknown or already used refresh token' });
      }
      refreshToken = randomBytes(24).toString('base64url');
      issued++;
      return send(res, 200, {
        ...tokenAnswer(await signAccessToken(key, claims, seconds), options.lifetimeSeconds, claims.scope),
        refresh_token: refreshToken,
      });
    }
    if (grant === ADVERSARIAL_GRANT) return adversarial(res, key, form.get('kind'), claims, seconds);
    send(res, 400, { error: 'unsupported_grant_type', error_description: `grant_type ${JSON.stringify(grant)} is not served here` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, TEST_ISSUER_HOST, () => resolve());
  });
  issuer = `http://${TEST_ISSUER_HOST}:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    issued: () => issued,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function metadata(issuer: string, options: TestIssuerOptions): Record<string, unknown> {
  return {
    issuer,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    grant_types_supported: [...(options.clientSecret !== undefined ? ['client_credentials'] : []), 'refresh_token', ADVERSARIAL_GRANT],
    token_endpoint_auth_methods_supported: [
      'client_secret_basic',
      'client_secret_post',
      ...(options.clientSecret === undefined ? ['none'] : []),
    ],
    response_types_supported: [],
    ...(options.scopes ? { scopes_supported: [...options.scopes] } : {}),
  };
}

async function adversarial(
  res: ServerResponse,
  key: SigningKey,
  kind: string | null,
  claims: Parameters<typeof signAccessToken>[1],
  seconds: number,
): Promise<void> {
  if (!ADVERSARIAL_KINDS.includes(kind as AdversarialKind)) {
    return send(res, 400, { error: 'invalid_request', error_description: `kind must be one of ${ADVERSARIAL_KINDS.join(', ')}` });
  }
  send(
    res,
    200,
    tokenAnswer(await signAdversarialToken(key, kind as AdversarialKind, claims, seconds), claims.lifetimeSeconds, claims.scope),
  );
}

function tokenAnswer(accessToken: string, lifetimeSeconds: number, scope: string | undefined): Record<string, unknown> {
  return { access_token: accessToken, token_type: 'Bearer', expires_in: lifetimeSeconds, ...(scope ? { scope } : {}) };
}

function scopeOf(form: URLSearchParams): { scope?: string } {
  const scope = form.get('scope')?.trim();
  return scope ? { scope } : {};
}

/** client_secret_basic or client_secret_post; a client without a secret is public and names itself. */
function authenticated(req: IncomingMessage, form: URLSearchParams, options: TestIssuerOptions): boolean {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  if (basic) {
    const pair = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = pair.indexOf(':');
    if (colon < 0) return false;
    id = formDecode(pair.slice(0, colon));
    secret = formDecode(pair.slice(colon + 1));
  }
  if (id !== options.clientId) return false;
  if (options.clientSecret === undefined) return secret === null;
  return secret !== null && sameSecret(secret, options.clientSecret);
}

/** RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined for Basic. */
function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isAbsoluteUrl(text: string): boolean {
  try {
    return new URL(text).hash === '';
  } catch {
    return false;
  }
}

function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return new Promise((resolve, reject) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) {
      req.resume();
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FORM_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_FORM_BYTES ? undefined : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
