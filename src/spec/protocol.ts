/**
 * Facts of MCP revision 2026-07-28 that every layer needs: versions, reserved `_meta` keys,
 * HTTP headers, error codes and method groups. Data only; no behaviour.
 */

export const PROTOCOL_VERSION = '2026-07-28';

/** Revisions before the stateless one; a server offering only these is "legacy". */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

export const SPEC_BASE_URL = `https://modelcontextprotocol.io/specification/${PROTOCOL_VERSION}`;

/** A spec page relative to the revision root, for example `server/discover`. */
export function specUrl(page: string): string {
  return `${SPEC_BASE_URL}/${page}`;
}

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** Every `_meta` key defined by the core revision (prefixed ones and the three trace keys). */
export const CORE_META_KEYS: readonly string[] = ['progressToken', ...Object.values(META), 'traceparent', 'tracestate', 'baggage'];

/** `_meta` key grammar: optional dotted prefix ending in `/`, then an optional name. */
export const META_KEY_PATTERN =
  /^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

/** A prefix whose second label is `modelcontextprotocol` or `mcp` is reserved for the spec. */
export function isReservedMetaPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash < 0) return false;
  const labels = key.slice(0, slash).split('.');
  return labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp';
}

export const HEADERS = {
  protocolVersion: 'MCP-Protocol-Version',
  method: 'Mcp-Method',
  name: 'Mcp-Name',
  sessionId: 'Mcp-Session-Id',
  lastEventId: 'Last-Event-ID',
} as const;

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

/** Codes of earlier revisions that a 2026-07-28 server must not emit (or should not, for -32000..-32019). */
export const REMOVED_ERROR_CODES: Readonly<Record<number, string>> = {
  [-32001]: 'session/request errors of 2025-era SDKs (now -32020 to -32022)',
  [-32002]: 'resource not found of 2025-11-25 (now -32602)',
  [-32003]: '2025-era implementation-defined code (now -32020 to -32022)',
  [-32004]: '2025-era implementation-defined code (now -32020 to -32022)',
  [-32042]: 'URL elicitation required of 2025-11-25 (removed)',
};

/** -32023..-32099 are reserved by the revision and none is defined yet. */
export function isReservedUndefinedCode(code: number): boolean {
  return code <= -32023 && code >= -32099;
}

/** Methods whose `complete` results carry `ttlMs` and `cacheScope`. */
export const CACHEABLE_METHODS = [
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
] as const;

/** Methods allowed to answer `resultType: "input_required"` (multi round-trip requests). */
export const INPUT_REQUIRED_METHODS = ['tools/call', 'resources/read', 'prompts/get'] as const;

export const KNOWN_RESULT_TYPES = ['complete', 'input_required'] as const;

/** Requests whose `Mcp-Name` header mirrors a body field. */
export const NAME_HEADER_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Methods removed from core by this revision; a modern server answers them -32601 (404 on HTTP). */
export const REMOVED_METHODS = ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'] as const;

/** Which declared capability obliges which methods. */
export const CAPABILITY_METHODS: Readonly<Record<string, readonly string[]>> = {
  tools: ['tools/list'],
  resources: ['resources/list', 'resources/templates/list'],
  prompts: ['prompts/list'],
};

/** The key under which a paginated list's result carries its items. */
export type PaginatedItems = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

export const PAGINATED_METHODS: Readonly<Record<string, PaginatedItems>> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};
