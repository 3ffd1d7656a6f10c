/**
 * The test issuer of `mcpgate auth-server`: it binds 127.0.0.1, authenticates its one client, issues
 * only for a named resource, and mints each adversarial kind with exactly one thing wrong.
 */

import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL_KINDS, jwtClaims, OTHER_AUDIENCE, OTHER_ISSUER, requestAdversarialToken } from '../../../src/auth/adversarial.js';
import { discoverIssuer } from '../../../src/auth/discovery.js';
import { DEFAULT_FETCH_LIMITS } from '../../../src/auth/fetch.js';
import type { RunningTestIssuer } from '../../../src/auth/test-issuer/server.js';
import { startIssuer, TEST_CLIENT } from '../../helpers/oauth.js';

const RESOURCE = 'http://127.0.0.1:9/mcp';
let issuer: RunningTestIssuer;
beforeAll(async () => {
  issuer = await startIssuer({ lifetimeSeconds: 42 });
});
afterAll(() => issuer.close());

function token(
  form: Record<string, string>,
  auth = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`,
) {
  return fetch(`${issuer.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: auth },
    body: new URLSearchParams(form),
  });
}

describe('the test issuer', () => {
  it('listens on 127.0.0.1 and publishes RFC 8414 metadata that oauth4webapi accepts', async () => {
    expect(new URL(issuer.issuer).hostname).toBe('127.0.0.1');
    const found = await discoverIssuer(issuer.issuer, DEFAULT_FETCH_LIMITS);
    expect(found.kind).toBe('oauth');
    expect(found.server?.token_endpoint).toBe(`${issuer.issuer}/token`);
  });

  it('refuses a wrong secret (401) and a request without resource (invalid_target)', async () => {
    const wrong = await token(
      { grant_type: 'client_credentials', resource: RESOURCE },
      `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:nope`).toString('base64')}`,
    );
    expect(wrong.status).toBe(401);
    const untargeted = await token({ grant_type: 'client_credentials' });
    expect(untargeted.status).toBe(400);
    expect(((await untargeted.json()) as { error: string }).error).toBe('invalid_target');
  });

  it('issues an at+jwt for the resource with the configured lifetime', async () => {
    const answer = (await (await token({ grant_type: 'client_credentials', resource: RESOURCE, scope: 'mcp:tools' })).json()) as Record<
      string,
      unknown
    >;
    expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 42, scope: 'mcp:tools' });
    const claims = jwtClaims(answer.access_token as string)!;
    expect(claims).toMatchObject({ iss: issuer.issuer, aud: RESOURCE, scope: 'mcp:tools' });
    expect(claims.exp! - claims.iat!).toBe(42);
    expect(decodeProtectedHeader(answer.access_token as string).typ).toBe('at+jwt');
  });

  it('mints each adversarial kind with exactly its one defect', async () => {
    const { server } = await discoverIssuer(issuer.issuer, DEFAULT_FETCH_LIMITS);
    const settings = { ...TEST_CLIENT, scope: 'mcp:tools' };
    const now = Date.now() / 1000;
    const claims = Object.fromEntries(
      await Promise.all(
        ADVERSARIAL_KINDS.map(
          async (kind) =>
            [
              kind,
              jwtClaims(
                await requestAdversarialToken(server!, settings, kind, { resource: RESOURCE, scope: 'mcp:tools' }, DEFAULT_FETCH_LIMITS),
              )!,
            ] as const,
        ),
      ),
    );
    expect(claims.expired!.exp).toBeLessThan(now - 3000);
    expect(claims['other-audience']).toMatchObject({ aud: OTHER_AUDIENCE, iss: issuer.issuer, scope: 'mcp:tools' });
    expect(claims['other-issuer']).toMatchObject({ aud: RESOURCE, iss: OTHER_ISSUER, scope: 'mcp:tools' });
    expect(claims['no-scope']).toMatchObject({ aud: RESOURCE, iss: issuer.issuer });
    expect(claims['no-scope']!.scope).toBeUndefined();
  });

  it('mints nothing for a client that does not authenticate', async () => {
    const { server } = await discoverIssuer(issuer.issuer, DEFAULT_FETCH_LIMITS);
    const error = await requestAdversarialToken(
      server!,
      { clientId: TEST_CLIENT.clientId, clientSecret: 'wrong' },
      'expired',
      { resource: RESOURCE },
      DEFAULT_FETCH_LIMITS,
    ).catch((e: Error) => e);
    expect(String(error)).toContain('did not mint');
  });
});
