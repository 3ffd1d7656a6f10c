/**
 * The load request, built once by the wire layer's ModernClient (so it carries exactly the
 * `_meta`, MCP-Protocol-Version, Mcp-Method and Mcp-Name a check run would send) and cut around its
 * id: each request is then two string concatenations, not a JSON.stringify of the whole message.
 */

import type { Connection, Exchange, OutgoingMessage } from '../../wire/exchange.js';
import { ModernClient } from '../../wire/modern-client.js';

export interface LoadCall {
  method: 'tools/list' | 'tools/call';
  params: Record<string, unknown>;
}

export interface RequestTemplate {
  headers: Record<string, string>;
  /** Byte length of the body without its id, for Content-Length. */
  fixedBytes: number;
  body(id: number): string;
}

const ID_MARK = 'mcpgate-bench-id-5f0c2e';

/** Records the message ModernClient would send instead of sending it. */
class CapturingConnection implements Connection {
  readonly transport = 'http' as const;
  readonly endpoint = 'capture:';
  readonly received = [];
  readonly exchanges = [];
  captured: OutgoingMessage | undefined;

  exchange(message: OutgoingMessage): Promise<Exchange> {
    this.captured = message;
    const exchange: Exchange = {
      transport: 'http',
      endpoint: this.endpoint,
      sent: message,
      headers: {},
      bodyText: '',
      messages: [],
      unparsable: [],
      timing: { startedAt: 0, durationMs: 0 },
    };
    return Promise.resolve(exchange);
  }

  async close(): Promise<object> {
    return {};
  }
}

export async function buildRequestTemplate(call: LoadCall): Promise<RequestTemplate> {
  const capture = new CapturingConnection();
  await new ModernClient(capture).request(call.method, call.params, { id: ID_MARK });
  const { body, headers } = capture.captured!;
  const parts = body.split(JSON.stringify(ID_MARK));
  if (parts.length !== 2) throw new Error(`the request arguments contain the reserved text ${ID_MARK}`);
  const [prefix, suffix] = parts as [string, string];
  return {
    headers: headers ?? {},
    fixedBytes: Buffer.byteLength(prefix) + Buffer.byteLength(suffix),
    body: (id) => prefix + id + suffix,
  };
}
