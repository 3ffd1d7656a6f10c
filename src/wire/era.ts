/**
 * Era detection: a 2026-07-28 server answers `server/discover`; a 2025-era server does not, but
 * completes the `initialize` handshake. Anything else is not (reachable) MCP.
 */

import { oneLine } from '../shared/one-line.js';
import { ErrorCode, PROTOCOL_VERSION } from '../spec/protocol.js';
import type { WireError } from './errors.js';
import type { Exchange } from './exchange.js';
import { isRecord } from '../shared/guards.js';
import { errorCodeOf, isResultResponse } from './jsonrpc.js';
import { LegacyClient, type LegacyHandshake } from './legacy-client.js';
import type { ModernClient } from './modern-client.js';

export type EraVerdict =
  /** Answers discover and serves 2026-07-28. */
  | { era: 'modern'; discover: Exchange; result: Record<string, unknown> }
  /** Answers discover-era errors (-32022) but does not serve 2026-07-28. */
  | { era: 'modern-unsupported'; discover: Exchange; supported: string[] }
  /** Does not answer discover, completes the 2025 handshake. */
  | { era: 'legacy'; discover: Exchange; handshake: LegacyHandshake; legacy: LegacyClient }
  /** Unreachable, or answered something that is not MCP. */
  | { era: 'unknown'; discover: Exchange; initialize?: Exchange; reason: string; wireError?: WireError; authRequired?: boolean };

export async function detectEra(client: ModernClient): Promise<EraVerdict> {
  const discover = await client.request('server/discover');
  if (discover.error && discover.error.kind !== 'closed-early' && discover.error.kind !== 'timeout') {
    return { era: 'unknown', discover, reason: discover.error.message, wireError: discover.error };
  }
  if (isResultResponse(discover.response)) return { era: 'modern', discover, result: discover.response.result };
  if (discover.status === 401) return { era: 'unknown', discover, authRequired: true, reason: describeRefusal(discover) };
  if (errorCodeOf(discover.response) === ErrorCode.UnsupportedProtocolVersion) {
    const data = (discover.response as { error: { data?: unknown } }).error.data;
    const supported =
      isRecord(data) && Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
    if (!supported.includes(PROTOCOL_VERSION)) return { era: 'modern-unsupported', discover, supported };
  }

  const legacy = new LegacyClient(client.connection);
  const { handshake, exchange } = await legacy.initialize();
  if (handshake) return { era: 'legacy', discover, handshake, legacy };
  const wireError = discover.error ?? exchange.error;
  return { era: 'unknown', discover, initialize: exchange, reason: describeNotMcp(discover, exchange), wireError };
}

/** Why a 401 stands: no credentials were given, the provider could get none, or the server refused those sent. */
function describeRefusal(discover: Exchange): string {
  const challenge = discover.headers['www-authenticate'];
  const answer = `HTTP 401${challenge ? `, WWW-Authenticate: ${challenge.slice(0, 120)}` : ''}`;
  if (discover.credentialsProblem !== undefined)
    return `the server requires authentication (${answer}), and mcpgate could not get a token: ${discover.credentialsProblem}`;
  if (discover.userHeaderNames?.some((name) => name.toLowerCase() === 'authorization'))
    return `the server refused the credentials mcpgate sent (${answer}); check that they are valid for this server`;
  return `the server requires authentication (${answer}); pass OAuth client credentials (--oauth-client-id ID --oauth-client-secret-env NAME) or --header "Authorization: Bearer <token>"`;
}

function describeNotMcp(discover: Exchange, initialize: Exchange): string {
  const seen = discover.error?.message ?? summarizeAnswer(discover);
  const legacySeen = initialize.error?.message ?? summarizeAnswer(initialize);
  return `not an MCP server: server/discover got ${seen}; the 2025-11-25 initialize handshake got ${legacySeen}`;
}

export function summarizeAnswer(exchange: Exchange): string {
  const parts: string[] = [];
  if (exchange.status !== undefined) parts.push(`HTTP ${exchange.status}${exchange.contentType ? ` ${exchange.contentType}` : ''}`);
  if (exchange.response && 'error' in exchange.response) {
    parts.push(`JSON-RPC error ${exchange.response.error.code} "${oneLine(String(exchange.response.error.message), 120)}"`);
  } else if (exchange.response) {
    parts.push('a JSON-RPC result');
  } else if (exchange.unparsable.length > 0) {
    parts.push(`a body that is not JSON ("${exchange.unparsable[0]!.slice(0, 60).replace(/\s+/g, ' ')}…")`);
  } else if (exchange.bodyText.trim() === '') {
    parts.push('an empty body');
  } else {
    parts.push('no JSON-RPC response');
  }
  return parts.join(' with ');
}
