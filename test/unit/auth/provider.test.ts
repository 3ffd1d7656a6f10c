/**
 * mcpgate's OAuth client against its own test issuer and a protected resource that only publishes
 * metadata: discovery, the token request's `resource`, renewal before expiry (in the background
 * while the token still lives) on a clock the test moves, the retry once after a 401, refresh-token rotation, the pinned issuer, the byte cap on a
 * hostile issuer, and every secret registered with the redaction boundary as it arrives.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtClaims } from '../../../src/auth/adversarial.js';
import { OAuthError } from '../../../src/auth/errors.js';
import { OAuthTokenProvider } from '../../../src/auth/provider.js';
import { readOAuthSettings } from '../../../src/auth/settings.js';
import type { RunningTestIssuer } from '../../../src/auth/test-issuer/server.js';
import { redact } from '../../../src/shared/redact.js';
import { startIssuer, TEST_CLIENT } from '../../helpers/oauth.js';

/** A resource at /mcp whose 401 names its metadata; the metadata names `issuers()`. */
async function protectedResource(issuers: () => string[]): Promise<{ url: string; challenge: string; close: () => Promise<void> }> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/oauth-protected-resource/mcp') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: issuers(), scopes_supported: ['mcp:tools'] }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    challenge: `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let issuer: RunningTestIssuer;
let resource: Awaited<ReturnType<typeof protectedResource>>;
beforeAll(async () => {
  issuer = await startIssuer({ lifetimeSeconds: 10 });
  resource = await protectedResource(() => [issuer.issuer]);
});
afterAll(async () => {
  await resource.close();
  await issuer.close();
});

describe('OAuthTokenProvider', () => {
  it('sends nothing before the first 401, then discovers from the challenge and asks for a token for the canonical URI', async () => {
    const provider = new OAuthTokenProvider(resource.url, TEST_CLIENT);
    expect(await provider.headers()).toEqual({});
    expect(await provider.onUnauthorized(resource.challenge, {})).toBe(true);
    const headers = await provider.headers();
    const token = headers.Authorization!.replace(/^Bearer /, '');
    expect(jwtClaims(token)).toMatchObject({ iss: issuer.issuer, aud: resource.url, scope: 'mcp:tools', client_id: TEST_CLIENT.clientId });
    expect((await provider.discovery())!.resource.metadata!.step.source).toBe('challenge');
  });

  it('falls back to the well-known metadata when the 401 carries no challenge', async () => {
    const provider = new OAuthTokenProvider(resource.url, TEST_CLIENT);
    expect(await provider.onUnauthorized(undefined, {})).toBe(true);
    expect((await provider.discovery())!.resource.metadata!.step.source).toBe('path');
  });

  it('renews a token once 70 % of its life has passed, in the background while it still lives, and waits only for one past its end', async () => {
    let now = Date.now();
    const provider = new OAuthTokenProvider(resource.url, TEST_CLIENT, undefined, () => now);
    await provider.prepare(resource.challenge);
    const first = await provider.headers();
    now += 6_500;
    expect(await provider.headers()).toEqual(first);
    expect(provider.acquired).toBe(1);
    now += 1_000;
    // Due: the request still goes out with the token in hand, and the next one is on its way.
    expect(await provider.headers()).toEqual(first);
    const second = await provider.fresh();
    expect(`Bearer ${second.accessToken}`).not.toBe(first.Authorization);
    expect(await provider.headers()).toEqual({ Authorization: `Bearer ${second.accessToken}` });
    expect(provider.acquired).toBe(2);
    // Past the end of the token in hand, a request waits for the next one.
    now += 20_000;
    const third = await provider.headers();
    expect(third.Authorization).not.toBe(`Bearer ${second.accessToken}`);
    expect(provider.acquired).toBe(3);
  });

  it('on a 401 for the token in use it gets a new one (retry once); for a token already replaced it just retries', async () => {
    const provider = new OAuthTokenProvider(resource.url, TEST_CLIENT);
    await provider.prepare(resource.challenge);
    const rejected = await provider.headers();
    expect(await provider.onUnauthorized(resource.challenge, rejected)).toBe(true);
    const renewed = await provider.headers();
    expect(renewed.Authorization).not.toBe(rejected.Authorization);
    expect(await provider.onUnauthorized(resource.challenge, rejected)).toBe(true);
    expect(provider.acquired).toBe(2);
  });

  it('uses a refresh token, keeping the rotated one the issuer returns', async () => {
    const refreshIssuer = await startIssuer({ clientSecret: undefined, refreshToken: 'first-refresh-token-0c5e7a1f9b3d' });
    const refreshResource = await protectedResource(() => [refreshIssuer.issuer]);
    try {
      const provider = new OAuthTokenProvider(refreshResource.url, {
        clientId: TEST_CLIENT.clientId,
        refreshToken: 'first-refresh-token-0c5e7a1f9b3d',
      });
      await provider.prepare(refreshResource.challenge);
      const first = await provider.headers();
      expect(await provider.onUnauthorized(refreshResource.challenge, first)).toBe(true);
      expect(refreshIssuer.issued()).toBe(2);
    } finally {
      await refreshResource.close();
      await refreshIssuer.close();
    }
  });

  it('sends credentials only to the configured issuer', async () => {
    const provider = new OAuthTokenProvider(resource.url, { ...TEST_CLIENT, issuer: 'https://issuer.example' });
    const error = await provider.prepare(resource.challenge).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).message).toContain('not the configured issuer https://issuer.example');
    expect(await provider.onUnauthorized(resource.challenge, {})).toBe(false);
  });

  it('stops reading an issuer that answers more than the cap, naming the cap', async () => {
    const flood = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"issuer":"${'x'.repeat(4096)}"}`);
    });
    await new Promise<void>((resolve) => flood.listen(0, '127.0.0.1', resolve));
    const floodIssuer = `http://127.0.0.1:${(flood.address() as AddressInfo).port}`;
    const floodResource = await protectedResource(() => [floodIssuer]);
    try {
      const provider = new OAuthTokenProvider(floodResource.url, TEST_CLIENT, { timeoutMs: 5_000, maxBytes: 1024 });
      const error = (await provider.prepare(floodResource.challenge).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/answered more than 1024 bytes/);
    } finally {
      await floodResource.close();
      await new Promise((resolve) => flood.close(resolve));
    }
  });

  it('registers the secret, the refresh token and every token with the redaction boundary', async () => {
    const settings = readOAuthSettings(
      { clientId: TEST_CLIENT.clientId, clientSecretEnv: 'TEST_OAUTH_SECRET', refreshTokenEnv: 'TEST_OAUTH_REFRESH' },
      { TEST_OAUTH_SECRET: 'secret-registered-9a8b7c6d5e4f', TEST_OAUTH_REFRESH: 'refresh-registered-1a2b3c4d5e' },
    );
    expect(redact(`${settings.clientSecret} ${settings.refreshToken}`)).toBe('[REDACTED] [REDACTED]');
    const provider = new OAuthTokenProvider(resource.url, TEST_CLIENT);
    await provider.prepare(resource.challenge);
    const token = (await provider.fresh()).accessToken;
    // Base64 of a JWT matches no credential pattern: only the registered value masks it.
    const encoded = Buffer.from(token).toString('base64');
    expect(redact(`echo ${encoded}`)).toBe('echo [REDACTED]');
  });

  it('a missing variable is one line naming it, exit 4', () => {
    const error = (() => {
      try {
        readOAuthSettings({ clientId: 'x', clientSecretEnv: 'NOT_SET_ANYWHERE_1234' }, {});
      } catch (e) {
        return e as Error & { exitCode: number };
      }
      return undefined;
    })();
    expect(error?.message).toContain('NOT_SET_ANYWHERE_1234 is not set');
    expect(error?.exitCode).toBe(4);
  });
});
