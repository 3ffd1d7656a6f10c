/**
 * The real server behind the proxy, over Streamable HTTP or stdio. Each forwarded request gets a
 * proxy-unique id (restored in the answer), so concurrent clients that reuse ids never collide on
 * a shared stdio pipe, where answers are matched by id alone.
 */

import { isServerTool, type ServerTool } from '../../spec/tool.js';
import { detectEra } from '../../wire/era.js';
import type { Connection } from '../../wire/exchange.js';
import type { WireError } from '../../wire/errors.js';
import { isResponse, type JsonRpcId, type JsonRpcResponse } from '../../wire/jsonrpc.js';
import { ModernClient } from '../../wire/modern-client.js';
import { readAllPages, unreadable } from '../../wire/pagination.js';
import { connect, describeTarget, type ConnectOptions, type Target } from '../../wire/target.js';

export interface UpstreamReply {
  /** HTTP status from an HTTP upstream; 200 (202 for notifications) on stdio. */
  status: number;
  /** True when an HTTP upstream answered with an event stream. */
  streamed: boolean;
  response?: JsonRpcResponse;
  /** WWW-Authenticate of an HTTP upstream's 401, relayed so the client sees the real challenge. */
  challenge?: string;
  error?: WireError;
}

/** `port`: the proxy could not listen (a usage problem); `upstream`: the server behind it is unusable. */
export class ProxyStartError extends Error {
  constructor(
    readonly kind: 'port' | 'upstream',
    message: string,
  ) {
    super(message);
    this.name = 'ProxyStartError';
  }
}

export class Upstream {
  private nextId = 1;

  private constructor(
    private readonly connection: Connection,
    readonly description: string,
    readonly tools: ServerTool[],
  ) {}

  /** Connects, requires a 2026-07-28 server, and reads its tools (the safety rule needs their annotations). */
  static async open(target: Target, options: ConnectOptions): Promise<Upstream> {
    const connection = await connect(target, options);
    const client = new ModernClient(connection);
    const era = await detectEra(client);
    const where = describeTarget(target);
    if (era.era !== 'modern') {
      await connection.close({ eofGraceMs: 500 });
      const why =
        era.era === 'unknown'
          ? era.reason
          : era.era === 'legacy'
            ? 'it speaks the 2025-era protocol only'
            : `it offers ${era.supported.join(', ')}`;
      throw new ProxyStartError('upstream', `the fault proxy needs a 2026-07-28 server behind it; ${where}: ${why}`);
    }
    const listing = await readAllPages(client, 'tools/list');
    const failed = unreadable(listing);
    if (failed) {
      await connection.close({ eofGraceMs: 500 });
      throw new ProxyStartError('upstream', `the fault proxy could not list the tools of ${where}: ${failed}`);
    }
    const tools = listing.items.filter(isServerTool);
    return new Upstream(connection, where, tools);
  }

  async forward(message: Record<string, unknown>, headers: Record<string, string>): Promise<UpstreamReply> {
    const hasId = 'id' in message;
    const originalId = message.id as JsonRpcId;
    const upstreamId = `mcpgate-proxy-${this.nextId++}`;
    const body = JSON.stringify(hasId ? { ...message, id: upstreamId } : message);
    const exchange = await this.connection.exchange({ body, headers, ...(hasId ? { awaitId: upstreamId } : {}) });
    const stdioStatus = hasId ? 200 : 202;
    const reply: UpstreamReply = {
      status: exchange.status ?? stdioStatus,
      streamed: exchange.contentType === 'text/event-stream',
      ...(exchange.headers['www-authenticate'] ? { challenge: exchange.headers['www-authenticate'] } : {}),
      ...(exchange.error ? { error: exchange.error } : {}),
    };
    if (isResponse(exchange.response)) reply.response = { ...exchange.response, id: originalId } as JsonRpcResponse;
    return reply;
  }

  async close(): Promise<void> {
    await this.connection.close({ eofGraceMs: 1_000 });
  }
}
