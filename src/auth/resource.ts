/**
 * The server's canonical URI (basic/authorization#canonical-server-uri, RFC 8707 §2): what the
 * `resource` of its metadata must be identical to, and what a token is requested for. And the
 * well-known places of its protected-resource metadata, in the order a client must try them.
 */

export function canonicalResource(endpoint: string): string {
  const url = new URL(endpoint);
  url.hash = '';
  // The URL parser lower-cases scheme and host and drops a default port; the spec prefers no
  // trailing slash where it carries no meaning, which for the bare origin it never does.
  return url.pathname === '/' && url.search === '' ? url.origin : url.href;
}

/**
 * RFC 9728 §3.1 inserts the well-known segment before the path (`/.well-known/oauth-protected-resource/mcp`);
 * the root form (`/.well-known/oauth-protected-resource`) is MCP's fallback for a path-bearing endpoint.
 */
export function wellKnownMetadataUrls(endpoint: string): { form: 'path' | 'root'; url: URL }[] {
  const url = new URL(endpoint);
  const root = new URL('/.well-known/oauth-protected-resource', url.origin);
  if (url.pathname === '/' || url.pathname === '') return [{ form: 'root', url: root }];
  const path = new URL(`/.well-known/oauth-protected-resource${url.pathname.replace(/\/$/, '')}`, url.origin);
  return [
    { form: 'path', url: path },
    { form: 'root', url: root },
  ];
}

/**
 * Where an issuer's metadata is, in the order basic/authorization/authorization-server-discovery
 * gives: RFC 8414 with the path inserted, OpenID Connect with the path inserted, OpenID Connect
 * appended. An issuer without a path has the first and the last only.
 */
export function issuerMetadataUrls(issuer: string): { kind: 'oauth' | 'openid'; url: URL }[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  const at = (prefix: string, suffix = ''): URL => new URL(`${prefix}${suffix}`, url.origin);
  if (path === '') {
    return [
      { kind: 'oauth', url: at('/.well-known/oauth-authorization-server') },
      { kind: 'openid', url: at('/.well-known/openid-configuration') },
    ];
  }
  return [
    { kind: 'oauth', url: at('/.well-known/oauth-authorization-server', path) },
    { kind: 'openid', url: at('/.well-known/openid-configuration', path) },
    { kind: 'openid', url: at(path, '/.well-known/openid-configuration') },
  ];
}
