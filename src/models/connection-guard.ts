/**
 * Fails fast on a provider that cannot be reached. Connection failures (refused, DNS, TLS) are
 * retried by the AI SDK with waits of 2, 4 and 8 s per call, so an eval against a dead endpoint
 * went on for minutes with nothing to show. The guard sits in the provider's fetch: after a few
 * failures in a row it trips, and every later request fails at once with one line naming the
 * endpoint and the cause, an error the SDK does not retry. Any HTTP answer (4xx and 5xx included)
 * proves the endpoint alive and resets the count; timeouts and aborts neither count nor reset, since
 * a slow endpoint is alive.
 */

import { redact } from '../shared/redact.js';

/** Consecutive connection failures to one model's endpoint before the guard trips. */
export const CONNECTION_FAILURES_BEFORE_STOP = 3;

const CONNECTION_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset before any answer',
  ENOTFOUND: 'host name not found (DNS)',
  EAI_AGAIN: 'host name lookup failed (DNS)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPROTO: 'TLS handshake failed (is it plain HTTP?)',
  ERR_SSL_WRONG_VERSION_NUMBER: 'TLS handshake failed: the endpoint does not speak TLS (use http://)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host name',
};

/** The error a tripped guard throws: not a fetch TypeError, so the SDK passes it on without retrying. */
export class ProviderUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnreachableError';
  }
}

export interface ConnectionGuard {
  readonly fetch: typeof fetch;
  /** Connection attempts made so far (each fetch that reached the network). */
  readonly attempts: number;
}

/** The connection cause of a fetch failure, walking `cause` links; undefined for anything else. */
export function connectionCause(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in CONNECTION_CAUSES) return `${CONNECTION_CAUSES[code]} (${code})`;
    // fetch refuses ports of other protocols (e.g. 9, 25) before connecting, with no code.
    if (current.message === 'bad port') return 'the port is one fetch refuses to connect to (bad port)';
  }
  return undefined;
}

function endpointOf(input: Parameters<typeof fetch>[0]): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname}`;
  } catch {
    return raw;
  }
}

export function createConnectionGuard(
  modelId: string,
  { threshold = CONNECTION_FAILURES_BEFORE_STOP, inner = globalThis.fetch }: { threshold?: number; inner?: typeof fetch } = {},
): ConnectionGuard {
  let consecutive = 0;
  let attempts = 0;
  let tripped: string | undefined;
  const guarded: typeof fetch = async (input, init) => {
    if (tripped !== undefined) throw new ProviderUnreachableError(tripped);
    attempts++;
    try {
      const response = await inner(input, init);
      consecutive = 0;
      return response;
    } catch (error) {
      const cause = connectionCause(error);
      if (cause !== undefined && ++consecutive >= threshold && tripped === undefined) {
        tripped = redact(
          `${modelId}: ${endpointOf(input)} is unreachable: ${cause} on ${consecutive} attempts in a row; its remaining samples were not run`,
        );
      }
      throw error;
    }
  };
  return {
    fetch: guarded,
    get attempts() {
      return attempts;
    },
  };
}
