/**
 * One way for the model layers to use a server of either era: list its tools and call them. A
 * 2026-07-28 server is used statelessly; a 2025-era server through the initialize handshake.
 */

import { META } from '../spec/protocol.js';
import { isServerTool, type ServerTool } from '../spec/tool.js';
import type { Exchange } from './exchange.js';
import { WireError } from './errors.js';
import { detectEra } from './era.js';
import { isRecord } from '../shared/guards.js';
import { isErrorResponse, isResultResponse } from './jsonrpc.js';
import type { LegacyClient } from './legacy-client.js';
import { ModernClient } from './modern-client.js';
import type { RequestObserver } from './observer.js';
import { readAllPages, unreadable } from './pagination.js';
import { connect, type ConnectOptions, type Target } from './target.js';

export interface ToolResult {
  /** What a model gets to read: the text blocks, or a description of other content. */
  text: string;
  isError: boolean;
  structuredContent?: unknown;
  durationMs: number;
  exchange: Exchange;
  /**
   * Set when the first response stream broke after the server had accepted the request and the
   * call was re-issued once with a new request id; `exchange` is then the re-issued one.
   */
  reissued?: true;
  /** The exchange whose stream broke, when the call was re-issued. */
  brokenExchange?: Exchange;
  /** Set when the server refused the client's token with 401 and the call went once more with a renewed one. */
  reauthorized?: true;
  /** The result object as the server sent it (MRTR: resultType, inputRequests, requestState). */
  raw?: Record<string, unknown>;
}

/** What a multi round-trip retry adds to tools/call, and the client capabilities the call declares. */
export interface CallRound {
  /** Extra tools/call params: `inputResponses`, `requestState`. */
  params?: Record<string, unknown>;
  /** Declared in `_meta` (2026-07-28 servers only; a 2025-era session declared its own at initialize). */
  clientCapabilities?: Record<string, unknown>;
}

export interface McpSession {
  readonly era: 'modern' | 'legacy';
  readonly serverInfo?: { name: string; version: string };
  listTools(): Promise<ServerTool[]>;
  /** `parent` is an opaque telemetry context passed to the request observer. */
  callTool(name: string, args: Record<string, unknown>, parent?: unknown, round?: CallRound): Promise<ToolResult>;
  close(): Promise<void>;
}

/** The longest tool result handed to a model; longer ones are cut with a note. */
export const MAX_RESULT_CHARS = 20_000;

export async function openSession(target: Target, options: ConnectOptions, observer?: RequestObserver): Promise<McpSession> {
  // A session serves the model layers, which never audit its traffic: no log, so memory stays flat.
  const connection = await connect(target, { ...options, keepLog: false });
  const modern = new ModernClient(connection, observer);
  const era = await detectEra(modern);
  const close = (): Promise<unknown> => connection.close();
  if (era.era === 'modern') return new Session('modern', modern, close, serverInfoOf(era.result));
  if (era.era === 'legacy') return new Session('legacy', era.legacy, close, era.handshake.serverInfo);
  await connection.close({ eofGraceMs: 500 });
  if (era.era === 'modern-unsupported')
    throw new WireError('not-mcp', `the server does not serve a version mcpgate speaks (it offers ${era.supported.join(', ')})`);
  throw new WireError(era.authRequired ? 'unauthorized' : (era.wireError?.kind ?? 'not-mcp'), era.reason);
}

class Session implements McpSession {
  constructor(
    readonly era: 'modern' | 'legacy',
    private readonly client: ModernClient | LegacyClient,
    private readonly closeConnection: () => Promise<unknown>,
    readonly serverInfo?: { name: string; version: string },
  ) {}

  /** Whether tools/list was read, so that calls carry the Mcp-Param-* headers of the tools' schemas. */
  private listed = false;

  async listTools(): Promise<ServerTool[]> {
    this.listed = true;
    const listing = await readAllPages(this.client, 'tools/list');
    const failed = unreadable(listing);
    if (failed) throw new WireError('closed-early', `tools/list failed: ${failed}`);
    const tools = listing.items.filter(isServerTool);
    if (this.client instanceof ModernClient) this.client.declareTools(tools);
    return tools;
  }

  async callTool(name: string, args: Record<string, unknown>, parent?: unknown, round: CallRound = {}): Promise<ToolResult> {
    // The Mcp-Param-* headers a tool needs are in its listed schema: a caller that never listed gets them listed once.
    if (this.client instanceof ModernClient && !this.listed) await this.listTools().catch(() => undefined);
    const params = { name, arguments: args, ...round.params };
    const metaPatch = round.clientCapabilities ? { [META.clientCapabilities]: round.clientCapabilities } : undefined;
    const send = (): Promise<Exchange> =>
      this.client instanceof ModernClient
        ? this.client.request('tools/call', params, { parent, ...(metaPatch ? { metaPatch } : {}) })
        : this.client.request('tools/call', params);
    const first = await send();
    // 2026-07-28 removed stream resumability: an answer lost with its stream is gone, so the call
    // is re-issued once, with a new id (the client picks the next one), and the result says so.
    const broken = streamBroke(first);
    const exchange = broken ? await send() : first;
    const reissue = {
      ...(broken ? { reissued: true as const, brokenExchange: first } : {}),
      ...(first.reauthorized || exchange.reauthorized ? { reauthorized: true as const } : {}),
    };
    const durationMs = exchange.timing.durationMs;
    if (isResultResponse(exchange.response)) {
      const result = exchange.response.result;
      return {
        text: resultText(result),
        isError: result.isError === true,
        structuredContent: result.structuredContent,
        durationMs,
        exchange,
        raw: result,
        ...reissue,
      };
    }
    if (isErrorResponse(exchange.response)) {
      const { code, message } = exchange.response.error;
      return { text: `Error ${code}: ${message}`, isError: true, durationMs, exchange, ...reissue };
    }
    throw exchange.error ?? new WireError('closed-early', `no answer to tools/call ${name}`);
  }

  async close(): Promise<void> {
    await this.closeConnection();
  }
}

/** The server accepted the request (a status line arrived), then the response stream broke. */
function streamBroke(exchange: Exchange): boolean {
  return exchange.status !== undefined && exchange.response === undefined && exchange.error?.kind === 'closed-early';
}

/** The serverInfo a result carries in its _meta, when it has both a name and a version. */
export function serverInfoOf(result: Record<string, unknown>): { name: string; version: string } | undefined {
  const meta = isRecord(result._meta) ? result._meta : {};
  const info = meta['io.modelcontextprotocol/serverInfo'];
  return isRecord(info) && typeof info.name === 'string' && typeof info.version === 'string'
    ? { name: info.name, version: info.version }
    : undefined;
}

function resultText(result: Record<string, unknown>): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map((block) => {
    if (!isRecord(block)) return '';
    if (block.type === 'text' && typeof block.text === 'string') return block.text;
    if (block.type === 'resource' && isRecord(block.resource) && typeof block.resource.text === 'string') return block.resource.text;
    if (block.type === 'resource_link') return `[resource ${String(block.uri)}]`;
    return `[${String(block.type)} ${String(block.mimeType ?? '')}]`.replace(' ]', ']');
  });
  let text = parts.filter((p) => p !== '').join('\n');
  if (text === '' && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}… (cut at ${MAX_RESULT_CHARS} characters)` : text;
}
