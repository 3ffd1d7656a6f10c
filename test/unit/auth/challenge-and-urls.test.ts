/** The Bearer challenge as oauth4webapi parses it, the canonical URI, and the well-known URLs in the spec's order. */

import { describe, expect, it } from 'vitest';
import { parseBearerChallenge } from '../../../src/auth/challenge.js';
import { canonicalResource, issuerMetadataUrls, wellKnownMetadataUrls } from '../../../src/auth/resource.js';

describe('parseBearerChallenge', () => {
  it.each([
    [
      'Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp", scope="files:read files:write"',
      { resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource/mcp', scope: 'files:read files:write' },
    ],
    ['Basic realm="x", Bearer error="insufficient_scope", scope="files:write"', { error: 'insufficient_scope', scope: 'files:write' }],
    ['bearer Error="invalid_token", error_description="expired"', { error: 'invalid_token', errorDescription: 'expired' }],
    ['Bearer realm="mcp"', {}],
  ])('%s', async (header, expected) => {
    expect(await parseBearerChallenge(header)).toEqual(expected);
  });

  it.each([undefined, '', 'Basic realm="x"', '"not a challenge"', `Bearer scope="${'a'.repeat(17_000)}"`])(
    '%s has no Bearer challenge',
    async (header) => {
      expect(await parseBearerChallenge(header)).toBeUndefined();
    },
  );
});

describe('where the metadata is', () => {
  it('the canonical URI lower-cases scheme and host, drops the fragment, the default port and a bare trailing slash', () => {
    expect(canonicalResource('HTTPS://MCP.Example.com:443/mcp#x')).toBe('https://mcp.example.com/mcp');
    expect(canonicalResource('https://mcp.example.com/')).toBe('https://mcp.example.com');
    expect(canonicalResource('http://127.0.0.1:3000/server/mcp')).toBe('http://127.0.0.1:3000/server/mcp');
  });

  it('protected-resource metadata: the path-suffixed form first, then the root form', () => {
    expect(wellKnownMetadataUrls('https://a.example/server/mcp').map((u) => u.url.href)).toEqual([
      'https://a.example/.well-known/oauth-protected-resource/server/mcp',
      'https://a.example/.well-known/oauth-protected-resource',
    ]);
    expect(wellKnownMetadataUrls('https://a.example/').map((u) => u.url.href)).toEqual([
      'https://a.example/.well-known/oauth-protected-resource',
    ]);
  });

  it('issuer metadata: RFC 8414 inserted, OpenID inserted, OpenID appended for an issuer with a path', () => {
    expect(issuerMetadataUrls('https://auth.example/tenant1').map((u) => `${u.kind} ${u.url.href}`)).toEqual([
      'oauth https://auth.example/.well-known/oauth-authorization-server/tenant1',
      'openid https://auth.example/.well-known/openid-configuration/tenant1',
      'openid https://auth.example/tenant1/.well-known/openid-configuration',
    ]);
    expect(issuerMetadataUrls('https://auth.example').map((u) => `${u.kind} ${u.url.href}`)).toEqual([
      'oauth https://auth.example/.well-known/oauth-authorization-server',
      'openid https://auth.example/.well-known/openid-configuration',
    ]);
  });
});
