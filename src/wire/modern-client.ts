/**
 * A 2026-07-28 client that sends fully valid requests by default (per-request `_meta`, the
 * MCP-Protocol-Version, Mcp-Method and Mcp-Name headers, and the Mcp-Param-* headers of the tools it
 * was told about) and lets a caller break exactly one thing.
 */

export { encodeHeaderValue };

import { encodeHeaderValue, paramHeadersOf, paramHeaderValues, type ParamHeader } from '../spec/param-headers.js';
import { HEADERS, META, NAME_HEADER_SOURCE, PROTOCOL_VERSION } from '../spec/protocol.js';
import type { Connection, Exchange, OutgoingMessage } from './exchange.js';
import { JSON_RPC_POST_HEADERS } from './http-request.js';
import type { InFlightLimit } from './in-flight.js';
import type { JsonRpcId } from './jsonrpc.js';
import type { RequestObserver } from './observer.js';

export const CLIENT_INFO = { name: 'mcpgate', version: '0.1.0' };

export interface RequestOptions {
  /** Request id; by default the client picks the next integer. */
  id?: JsonRpcId | null;
  /** Replaces `_meta` entirely; `null` sends params without `_meta`. */
  meta?: Record<string, unknown> | null;
  /** Merged over the default `_meta`; a value of `undefined` removes that key. */
  metaPatch?: Record<string, unknown>;
  /** `true` sends the request with no `params` at all. */
  omitParams?: boolean;
  /** Header overrides by exact wire name; `undefined` removes a default header. */
  headers?: Record<string, string | undefined>;
  protocolVersion?: string;
  timeoutMs?: number;
  /** See OutgoingMessage.audited. */
  audited?: boolean;
  /** See OutgoingMessage.endWhen. */
  endWhen?: (message: unknown) => boolean;
  /** See OutgoingMessage.holdOpen and onMessage. */
  holdOpen?: Promise<unknown>;
  onMessage?: (message: unknown) => void;
  /** Parent context handed to the observer (telemetry), if one is attached. */
  parent?: unknown;
}

/** What every view of one client shares (see withTap): the ids it hands out and what it was told. */
interface ClientState {
  nextId: number;
  /** Shared by every client of a layer 0 run (see InFlightLimit); none elsewhere. */
  limit: InFlightLimit | undefined;
  /** Tools whose input schemas declare x-mcp-header parameters, by name (see declareTools). */
  paramHeaders: Map<string, ParamHeader[]>;
}

export class ModernClient {
  /** Called with every finished exchange this view sends (layer 0 attributes them to the check that made them). */
  readonly tap: ((exchange: Exchange) => void) | undefined;
  private readonly state: ClientState;

  constructor(
    readonly connection: Connection,
    private readonly observer?: RequestObserver,
    view?: { state: ClientState; tap: ((exchange: Exchange) => void) | undefined },
  ) {
    this.state = view?.state ?? { nextId: 1, limit: undefined, paramHeaders: new Map() };
    this.tap = view?.tap;
  }

  /**
   * The same client (connection, ids, in-flight limit, declared tools), whose finished exchanges go
   * to `tap` instead: each layer 0 check sends through a view of its own, so what it sent is known without
   * tracking every promise of the process (which an AsyncLocalStorage does on Node 20).
   */
  withTap(tap: ((exchange: Exchange) => void) | undefined): ModernClient {
    return new ModernClient(this.connection, this.observer, { state: this.state, tap });
  }

  /** The in-flight limit every request of this client waits on. */
  get limit(): InFlightLimit | undefined {
    return this.state.limit;
  }

  set limit(limit: InFlightLimit | undefined) {
    this.state.limit = limit;
  }

  get transport(): Connection['transport'] {
    return this.connection.transport;
  }

  async request(method: string, params: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<Exchange> {
    const id = options.id === undefined ? this.state.nextId++ : options.id;
    const observation = this.observer?.onRequest({
      method,
      params,
      id,
      transport: this.connection.transport,
      endpoint: this.connection.endpoint,
      parent: options.parent,
    });
    const traced = observation ? { ...options, metaPatch: { ...observation.meta, ...options.metaPatch } } : options;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (!options.omitParams) message.params = this.withMeta(params, traced);
    const exchange = await this.send({
      body: JSON.stringify(message),
      headers: this.headersFor(method, params, options),
      awaitId: id,
      timeoutMs: options.timeoutMs,
      audited: options.audited,
      endWhen: options.endWhen,
      holdOpen: options.holdOpen,
      onMessage: options.onMessage,
    });
    observation?.done(exchange);
    return exchange;
  }

  notify(method: string, params: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<Exchange> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (!options.omitParams) message.params = this.withMeta(params, options);
    return this.send({
      body: JSON.stringify(message),
      headers: this.headersFor(method, params, options),
      timeoutMs: options.timeoutMs,
    });
  }

  /** Sends text verbatim (HTTP: with the given headers, or the defaults for `method`). */
  raw(
    body: string,
    options: {
      method?: string;
      headers?: Record<string, string | undefined>;
      awaitId?: JsonRpcId | null;
      httpMethod?: 'POST' | 'GET' | 'DELETE';
      timeoutMs?: number;
    } = {},
  ): Promise<Exchange> {
    const headers =
      options.method !== undefined ? this.headersFor(options.method, {}, { headers: options.headers }) : compact(options.headers ?? {});
    return this.send({
      body,
      headers,
      awaitId: options.awaitId,
      httpMethod: options.httpMethod,
      timeoutMs: options.timeoutMs,
    });
  }

  /**
   * The tools this client may call, as listed: a tools/call of one whose schema declares
   * x-mcp-header parameters then carries their Mcp-Param-* headers, as every conforming client's does.
   */
  declareTools(tools: ReadonlyArray<Record<string, unknown>>): void {
    const declared = new Map<string, ParamHeader[]>();
    for (const tool of tools) {
      const headers = typeof tool.name === 'string' ? paramHeadersOf(tool.inputSchema) : [];
      if (headers.length > 0) declared.set(tool.name as string, headers);
    }
    this.state.paramHeaders = declared;
  }

  /** The declarations another client of the same server was given. */
  adoptParamHeaders(from: ModernClient): void {
    this.state.paramHeaders = new Map(from.state.paramHeaders);
  }

  private async send(message: OutgoingMessage): Promise<Exchange> {
    const exchange = await (this.state.limit
      ? this.state.limit.run(
          () => this.connection.exchange(message),
          (exchange) => exchange.closed,
        )
      : this.connection.exchange(message));
    this.tap?.(exchange);
    return exchange;
  }

  defaultMeta(protocolVersion = PROTOCOL_VERSION): Record<string, unknown> {
    return {
      [META.protocolVersion]: protocolVersion,
      [META.clientCapabilities]: {},
      [META.clientInfo]: CLIENT_INFO,
    };
  }

  private withMeta(params: Record<string, unknown>, options: RequestOptions): Record<string, unknown> {
    if (options.meta === null) return { ...params };
    const meta = options.meta ? { ...options.meta } : { ...this.defaultMeta(options.protocolVersion), ...options.metaPatch };
    for (const [key, value] of Object.entries(meta)) if (value === undefined) delete meta[key];
    return { ...params, _meta: meta };
  }

  private headersFor(method: string, params: Record<string, unknown>, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string | undefined> = {
      ...JSON_RPC_POST_HEADERS,
      [HEADERS.protocolVersion]: options.protocolVersion ?? PROTOCOL_VERSION,
      [HEADERS.method]: method,
    };
    const nameField = NAME_HEADER_SOURCE[method];
    const nameValue = nameField ? params[nameField] : undefined;
    if (typeof nameValue === 'string') headers[HEADERS.name] = encodeHeaderValue(nameValue);
    const declared = method === 'tools/call' && typeof params.name === 'string' ? this.state.paramHeaders.get(params.name) : undefined;
    if (declared) Object.assign(headers, paramHeaderValues(declared, params.arguments));
    return compact({ ...headers, ...options.headers });
  }
}

function compact(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = value;
  return out;
}
