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
