/**
 * Transport failures as typed values. Every kind maps to one plain sentence a user can act on;
 * the CLI turns them into exit code 3 (server unreachable or not MCP).
 */

export type WireErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'too-large'
  | 'closed-early'
  | 'not-json'
  | 'spawn-failed'
  | 'exited'
  | 'invalid-url'
  /** The server answered 401: credentials are missing or rejected. */
  | 'unauthorized'
  /** The server answered, but not as MCP of any era mcpgate knows. */
  | 'not-mcp';

export class WireError extends Error {
  readonly kind: WireErrorKind;

  constructor(kind: WireErrorKind, message: string) {
    super(message);
    this.name = 'WireError';
    this.kind = kind;
  }
}

export function isWireError(error: unknown): error is WireError {
  return error instanceof WireError;
}

/**
 * An https:// URL pointed at a plain-HTTP port makes OpenSSL fail on the first bytes it reads
 * ("wrong version number", with a source path and line); say what that means instead.
 */
export function describeTlsFailure(where: string, error: NodeJS.ErrnoException): WireError | undefined {
  const plainHttp =
    error.code === 'ERR_SSL_WRONG_VERSION_NUMBER' ||
    (error.code === 'EPROTO' && /wrong version number|packet length too long|http request/i.test(error.message));
  if (plainHttp) return new WireError('unreachable', `the server at ${where} does not speak TLS on this port; use http://`);
  if (error.code !== undefined && /^(?:CERT_|ERR_TLS_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(error.code)) {
    return new WireError(
      'unreachable',
      `the TLS certificate of ${where} was rejected (${error.code}); check the host name and the certificate chain`,
    );
  }
  return undefined;
}

/** A request that failed below HTTP, as one sentence about `url`'s host that says what to check. */
export function describeNetworkError(url: URL, error: NodeJS.ErrnoException): WireError {
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return new WireError('unreachable', `connection refused by ${where}: is the server running and listening on that port?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new WireError('unreachable', `host ${url.hostname} could not be resolved: check the URL`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new WireError('closed-early', `the server at ${where} closed the connection before answering`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new WireError('unreachable', `${where} is not reachable from this machine`);
    default:
      return describeTlsFailure(where, error) ?? new WireError('unreachable', `request to ${where} failed: ${error.message}`);
  }
}
