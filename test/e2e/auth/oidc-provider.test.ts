/**
 * The reference server's OAuth mode and mcpgate's OAuth client against a certified authorization
 * server, not mcpgate's own: oidc-provider on 127.0.0.1 with the client-credentials grant, RFC 8707
 * resource indicators and JWT access tokens that live 5 s, short enough for auth.expired to wait
 * for one to expire.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { OAuthTokenProvider } from '../../../src/auth/provider.js';
import { jwtClaims } from '../../../src/auth/adversarial.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import { REFERENCE_SERVER } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { checkProtected } from '../../helpers/oauth.js';

const AUTH_CHECKS = ALL_CHECKS.filter((check) => check.area === 'auth');
const CLIENT = { clientId: 'oidc-ci-client', clientSecret: 'oidc-ci-secret-51d0c7e2a9b84f3e8d6c' };
const TOKEN_SECONDS = 5;

let httpServer: Server;
let issuer: string;
let reference: LaunchedServer;

beforeAll(async () => {
  httpServer = createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        scope: 'mcp:tools',
        // The only key is ES256; oidc-provider checks every client's algorithms against its keys.
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'oidc-test-key', alg: 'ES256', use: 'sig' }] },
    scopes: ['mcp:tools'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Any absolute URI is a resource this issuer serves: the audience is what the client names.
        getResourceServerInfo: (_ctx, resourceIndicator) => ({
          scope: 'mcp:tools',
          audience: resourceIndicator,
          accessTokenTTL: TOKEN_SECONDS,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  httpServer.on('request', provider.callback());
  reference = await launchHttpServer(process.execPath, [REFERENCE_SERVER, '--oauth-issuer', issuer], { timeoutMs: scaledTimeout(10_000) });
});

afterAll(async () => {
  await reference?.stop();
  await new Promise((resolve) => httpServer?.close(resolve));
});

describe('against oidc-provider', () => {
  it("mcpgate's client discovers the issuer through the server's challenge and gets a JWT for the server's canonical URI", async () => {
    const provider = new OAuthTokenProvider(reference.url, { ...CLIENT, scope: 'mcp:tools' });
    const challenge = (await fetch(reference.url, { method: 'POST', body: '{}' })).headers.get('www-authenticate') ?? undefined;
    await provider.prepare(challenge);
    const found = await provider.discovery()!;
    expect(found.issuer.server?.issuer).toBe(issuer);
    expect(found.resource.metadata?.step.source).toBe('challenge');
    const token = await provider.fresh();
    expect(token.expiresIn).toBe(TOKEN_SECONDS);
    expect(jwtClaims(token.accessToken)).toMatchObject({ iss: issuer, aud: reference.url, scope: 'mcp:tools' });
  });

  it('the reference server passes every auth check that needs no test issuer, the expired token waited for; exit 0', async () => {
    const report = await checkProtected(reference.url, { settings: { ...CLIENT, scope: 'mcp:tools' }, checks: AUTH_CHECKS });
    const auth = Object.fromEntries(report.checks.filter((c) => c.id.startsWith('auth.')).map((c) => [c.id, c.status]));
    expect(auth).toEqual({
      'auth.unauthenticated-401': 'pass',
      'auth.prm-discoverable': 'pass',
      'auth.prm-valid': 'pass',
      'auth.as-metadata': 'pass',
      'auth.challenge-scope': 'pass',
      'auth.no-offline-access': 'pass',
      'auth.malformed-token': 'pass',
      'auth.valid-token': 'pass',
      'auth.query-token': 'pass',
      'auth.audience': 'pass',
      'auth.scope-enforced': 'pass',
      'auth.insufficient-scope': 'pass',
      'auth.signature': 'pass',
      'auth.expired': 'pass',
      'auth.issuer': 'skip',
    });
    expect(report.checks.find((c) => c.id === 'auth.issuer')!.message).toContain('--test-issuer');
    expect(report.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => c.id)).toEqual([]);
    // Only the auth checks ran: the run's own header is a token got once, shorter-lived than a whole run.
    expect(report.verdict.exitCode).toBe(0);
  });
});
