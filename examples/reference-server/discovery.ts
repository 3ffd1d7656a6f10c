/**
 * server/discover, and the answer to the methods 2026-07-28 removed. A modern-only server answers
 * removed methods like unknown ones (-32601, 404 on HTTP); for initialize it also names the
 * versions it does serve, so that a 2025-era client can tell why it was turned away.
 */

import { ErrorCode, LEGACY_VERSIONS, REMOVED_METHODS } from '../../src/spec/protocol.js';
import { SERVER_INFO, isBroken, type ServerConfig } from './config.js';
import { RpcFailure, type JsonObject } from './jsonrpc.js';
import { SUPPORTED_VERSIONS } from './meta.js';

const CAPABILITIES = { tools: {}, resources: {}, prompts: {}, completions: {} };

const INSTRUCTIONS =
  'Billing demo server. Use lookup_customer and search_invoices to answer questions about accounts and invoices, ' +
  'create_invoice to bill a customer, and get_weather, get_forecast or convert_currency for those topics. ' +
  'delete_invoice and send_email act immediately and cannot be undone: only call them when the user asks for exactly that.';

export function discover(config: ServerConfig): JsonObject {
  // undeclared-served hides prompts here only; prompts/list and prompts/get keep answering.
  const capabilities = isBroken(config, 'undeclared-served')
    ? Object.fromEntries(Object.entries(CAPABILITIES).filter(([name]) => name !== 'prompts'))
    : CAPABILITIES;
  return {
    supportedVersions: isBroken(config, 'wrong-supported-versions') ? [LEGACY_VERSIONS[0]] : SUPPORTED_VERSIONS,
    capabilities,
    instructions: isBroken(config, 'discover-bad-instructions') ? 42 : INSTRUCTIONS,
    ttlMs: 300_000,
    cacheScope: 'public',
  };
}

/**
 * discover-not-implemented: a server that speaks neither era knows neither entry point, so it turns
 * them away before it would look at any MCP _meta (a 2025 initialize carries none).
 */
export function refuseEntryPoints(method: string, config: ServerConfig): void {
  if (isBroken(config, 'discover-not-implemented') && (method === 'server/discover' || method === 'initialize')) {
    throw new RpcFailure(ErrorCode.MethodNotFound, `Method not found: ${method}`, undefined, 404);
  }
}

/** Every method the dispatch table does not know ends here: a few variants answer instead of failing. */
export function answerUnknownMethod(method: string, config: ServerConfig): JsonObject {
  if (method === 'ping' && isBroken(config, 'answers-ping')) return {};
  if (method === 'initialize' && isBroken(config, 'serves-initialize-modern-only')) {
    return { protocolVersion: LEGACY_VERSIONS[0], capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
  }
  const removed = (REMOVED_METHODS as readonly string[]).includes(method);
  const status = isBroken(config, 'unknown-method-200') ? 200 : 404;
  throw new RpcFailure(
    ErrorCode.MethodNotFound,
    removed ? `Method "${method}" was removed in MCP ${SUPPORTED_VERSIONS.join(', ')}` : `Method not found: ${method}`,
    method === 'initialize' ? { supported: SUPPORTED_VERSIONS } : undefined,
    status,
  );
}
