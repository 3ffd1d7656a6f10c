/**
 * The 2025-11-25 handshake (`initialize`, then `notifications/initialized`, an Mcp-Session-Id on
 * HTTP), so servers of that era can be identified and later layers can still talk to them.
 */

import { HEADERS, LEGACY_VERSIONS } from '../spec/protocol.js';
import type { Connection, Exchange } from './exchange.js';
import { isRecord } from '../shared/guards.js';
import { JSON_RPC_POST_HEADERS } from './http-request.js';
import { isResultResponse, type JsonRpcId } from './jsonrpc.js';
import { CLIENT_INFO } from './modern-client.js';

export interface LegacyHandshake {
  protocolVersion: string;
  serverInfo?: { name: string; version: string };
  capabilities: Record<string, unknown>;
  exchange: Exchange;
}

export class LegacyClient {
  private nextId = 1;
  private sessionId: string | undefined;
  private protocolVersion: string = LEGACY_VERSIONS[0];

  constructor(readonly connection: Connection) {}

  /** Runs the handshake; resolves undefined (with the exchange) when the server does not complete it. */
  async initialize(): Promise<{ handshake?: LegacyHandshake; exchange: Exchange }> {
    const exchange = await this.request('initialize', {
      protocolVersion: LEGACY_VERSIONS[0],
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    const response = exchange.response;
    if (!isResultResponse(response) || typeof response.result.protocolVersion !== 'string') return { exchange };
    this.protocolVersion = response.result.protocolVersion;
    this.sessionId = exchange.headers['mcp-session-id'];
    await this.notify('notifications/initialized');
    const serverInfo = isRecord(response.result.serverInfo) ? (response.result.serverInfo as LegacyHandshake['serverInfo']) : undefined;
    const capabilities = isRecord(response.result.capabilities) ? response.result.capabilities : {};
    return { handshake: { protocolVersion: this.protocolVersion, serverInfo, capabilities, exchange }, exchange };
  }

  request(method: string, params: Record<string, unknown> = {}, timeoutMs?: number): Promise<Exchange> {
    const id: JsonRpcId = this.nextId++;
    return this.connection.exchange({
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      headers: this.headers(method),
      awaitId: id,
      timeoutMs,
    });
  }

  notify(method: string, params: Record<string, unknown> = {}): Promise<Exchange> {
    return this.connection.exchange({ body: JSON.stringify({ jsonrpc: '2.0', method, params }), headers: this.headers(method) });
  }

  private headers(method: string): Record<string, string> {
    const headers: Record<string, string> = { ...JSON_RPC_POST_HEADERS };
    if (method !== 'initialize') headers[HEADERS.protocolVersion] = this.protocolVersion;
    if (this.sessionId) headers[HEADERS.sessionId] = this.sessionId;
    return headers;
  }
}
