/**
 * The deliberately broken variants, as data. Each breaks exactly one rule of the 2026-07-28
 * checklist (`rule` names its item in shared/spec/2026-07-28-server-checklist.md) so that a test
 * can start the variant and assert that mcpgate reports exactly `expectedFailures`, at
 * `expectedStatus`, and nothing else. The code paths read the active id through ServerConfig.
 */

export type Transport = 'http' | 'stdio';

export interface BreakVariant {
  id: string;
  description: string;
  rule: string;
  transports: readonly Transport[];
  expectedFailures: readonly string[];
  /** `warn` where the broken rule is a SHOULD, so mcpgate reports a warning rather than a failure. */
  expectedStatus: 'fail' | 'warn';
}

const BOTH: readonly Transport[] = ['http', 'stdio'];
const HTTP: readonly Transport[] = ['http'];
const STDIO: readonly Transport[] = ['stdio'];

export const BREAK_VARIANTS = [
  { id: 'wrong-supported-versions', rule: 'D2', transports: BOTH, expectedStatus: 'fail',
    description: 'server/discover lists only ["2025-11-25"] while still serving 2026-07-28',
    expectedFailures: ['discover.supported-versions', 'discover.unsupported-version'] },
  { id: 'unstable-tools-order', rule: 'P4', transports: BOTH, expectedStatus: 'warn',
    description: 'tools/list returns each page in a different order on every call',
    expectedFailures: ['tools.list-order-stable'] },
  { id: 'missing-cache-fields', rule: 'C1', transports: BOTH, expectedStatus: 'fail',
    description: 'tools/list omits ttlMs and cacheScope',
    expectedFailures: ['caching.ttl-scope'] },
  { id: 'fractional-ttl', rule: 'C1', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/read answers ttlMs 1.5',
    expectedFailures: ['caching.ttl-scope'] },
  { id: 'missing-result-type', rule: 'R1', transports: BOTH, expectedStatus: 'warn',
    description: 'no result carries resultType',
    expectedFailures: ['result.result-type'] },
  { id: 'unknown-result-type', rule: 'R1', transports: BOTH, expectedStatus: 'fail',
    description: 'tools/list answers resultType "partial"',
    expectedFailures: ['result.result-type'] },
  { id: 'dangling-ref', rule: 'J3', transports: BOTH, expectedStatus: 'fail',
    description: 'search_invoices inputSchema has a $ref to the undefined #/$defs/Missing',
    expectedFailures: ['tools.input-schema-valid'] },
  { id: 'draft7-items-array', rule: 'J1', transports: BOTH, expectedStatus: 'fail',
    description: 'get_weather outputSchema uses the Draft-7 tuple form "items": [...]',
    expectedFailures: ['tools.output-schema-valid'] },
  { id: 'legacy-not-found-code', rule: 'RS3', transports: BOTH, expectedStatus: 'fail',
    description: 'a missing resource is answered with the removed code -32002',
    expectedFailures: ['resources.not-found', 'errors.renumbered-codes'] },
  { id: 'empty-contents-not-found', rule: 'RS3', transports: BOTH, expectedStatus: 'fail',
    description: 'a missing resource is answered with a result whose contents array is empty',
    expectedFailures: ['resources.not-found'] },
  { id: 'no-method-header-check', rule: 'H4', transports: HTTP, expectedStatus: 'fail',
    description: 'Mcp-Method is not validated (missing or mismatched accepted)',
    expectedFailures: ['http.mcp-method-required', 'http.mcp-method-mismatch'] },
  { id: 'no-name-header-check', rule: 'H4', transports: HTTP, expectedStatus: 'fail',
    description: 'Mcp-Name is not validated',
    expectedFailures: ['http.mcp-name-required'] },
  { id: 'protocol-header-ignored', rule: 'H4', transports: HTTP, expectedStatus: 'fail',
    description: 'MCP-Protocol-Version is not compared with _meta (missing or different accepted)',
    expectedFailures: ['http.protocol-version-header'] },
  { id: 'meta-not-required', rule: 'V1', transports: BOTH, expectedStatus: 'fail',
    description: 'requests without params, _meta, protocolVersion or clientCapabilities are served normally',
    expectedFailures: ['meta.missing-params', 'meta.missing-protocol-version', 'meta.missing-client-capabilities', 'meta.stateless'] },
  { id: 'client-info-required', rule: 'V2', transports: BOTH, expectedStatus: 'fail',
    description: 'requests without clientInfo are rejected with -32602',
    expectedFailures: ['meta.client-info-optional'] },
  { id: 'unsupported-version-no-data', rule: 'V3', transports: BOTH, expectedStatus: 'fail',
    description: '-32022 is sent without error.data',
    expectedFailures: ['discover.unsupported-version'] },
  { id: 'answers-ping', rule: '§18', transports: BOTH, expectedStatus: 'fail',
    description: 'the removed ping is answered with a result',
    expectedFailures: ['removed.ping'] },
  { id: 'serves-initialize-modern-only', rule: '§18', transports: BOTH, expectedStatus: 'fail',
    description: 'initialize gets a 2025-style InitializeResult although only 2026-07-28 is supported',
    expectedFailures: ['removed.initialize'] },
  { id: 'no-server-info', rule: 'V6', transports: BOTH, expectedStatus: 'warn',
    description: 'results carry no serverInfo in _meta',
    expectedFailures: ['meta.server-info'] },
  { id: 'get-allowed', rule: 'H2', transports: HTTP, expectedStatus: 'warn',
    description: 'GET /mcp is answered 200 with an empty event stream that closes at once',
    expectedFailures: ['http.get-405'] },
  { id: 'no-origin-check', rule: 'H10', transports: HTTP, expectedStatus: 'fail',
    description: 'any Origin is accepted',
    expectedFailures: ['http.origin'] },
  { id: 'notification-gets-body', rule: 'B3', transports: BOTH, expectedStatus: 'fail',
    description: 'notifications are answered (HTTP: 200 with a JSON body; stdio: a response line with id null)',
    expectedFailures: ['jsonrpc.notification-no-response'] },
  { id: 'bad-structured-content', rule: 'T4', transports: BOTH, expectedStatus: 'fail',
    description: 'get_weather structuredContent has temperature as a string, against its outputSchema',
    expectedFailures: ['tools.call-structured-content'] },
  { id: 'session-id', rule: 'H9', transports: HTTP, expectedStatus: 'warn',
    description: 'every HTTP response carries Mcp-Session-Id',
    expectedFailures: ['http.no-session-id'] },
  { id: 'id-type-changed', rule: 'B1', transports: BOTH, expectedStatus: 'fail',
    description: 'integer request ids are echoed as strings',
    expectedFailures: ['jsonrpc.id-echo'] },
  { id: 'server-request', rule: 'B4', transports: BOTH, expectedStatus: 'fail',
    description: 'a roots/list request is sent to the client before each tools/call response',
    expectedFailures: ['jsonrpc.no-server-requests'] },
  { id: 'stdout-noise', rule: 'ST2', transports: STDIO, expectedStatus: 'fail',
    description: 'a plain text line is printed on stdout at start',
    expectedFailures: ['stdio.stdout-only-jsonrpc'] },
  { id: 'cursor-loop', rule: 'P1', transports: BOTH, expectedStatus: 'fail',
    description: 'tools/list always returns a nextCursor that leads to the same page again',
    expectedFailures: ['pagination.follow'] },
  { id: 'scope-differs-per-page', rule: 'C3', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/list pages after the first say cacheScope "private" instead of "public"',
    expectedFailures: ['pagination.follow'] },
  { id: 'invalid-cursor-accepted', rule: 'P2', transports: BOTH, expectedStatus: 'warn',
    description: 'an invalid cursor returns the first page instead of -32602',
    expectedFailures: ['pagination.invalid-cursor'] },
  { id: 'input-not-validated', rule: 'T3', transports: BOTH, expectedStatus: 'fail',
    description: 'tools called without a required argument succeed (missing values are taken from the schema examples)',
    expectedFailures: ['tools.input-validation'] },
  { id: 'unknown-tool-as-result', rule: 'T2', transports: BOTH, expectedStatus: 'warn',
    description: 'an unknown tool is answered with an isError result instead of -32602',
    expectedFailures: ['tools.unknown-tool'] },
  { id: 'list-grows-after-call', rule: 'P3', transports: BOTH, expectedStatus: 'fail',
    description: 'after the first tools/call, tools/list includes one extra tool',
    expectedFailures: ['tools.list-static'] },
  { id: 'number-header-param', rule: 'T6', transports: BOTH, expectedStatus: 'fail',
    description: 'convert_currency puts "x-mcp-header" on a property of type number',
    expectedFailures: ['tools.x-mcp-header'] },
  { id: 'bad-tool-name', rule: 'P5', transports: BOTH, expectedStatus: 'warn',
    description: 'get_weather is published as "get weather!"',
    expectedFailures: ['tools.names'] },
  { id: 'traceparent-rejected', rule: 'OT1', transports: BOTH, expectedStatus: 'fail',
    description: 'a request whose _meta carries traceparent gets -32602',
    expectedFailures: ['meta.traceparent-accepted'] },
  { id: 'unknown-method-200', rule: 'H11', transports: HTTP, expectedStatus: 'fail',
    description: '-32601 errors are sent with HTTP 200 instead of 404',
    expectedFailures: [
      'jsonrpc.unknown-method',
      'removed.initialize',
      'removed.ping',
      'removed.logging-set-level',
      'removed.resources-subscribe',
      'removed.resources-unsubscribe',
    ] },
  { id: 'ignores-stdin-eof', rule: 'ST6', transports: STDIO, expectedStatus: 'warn',
    description: 'the process keeps running after stdin reaches EOF',
    expectedFailures: ['stdio.exit-on-eof'] },
] as const satisfies readonly BreakVariant[];

export type KnownBreak = (typeof BREAK_VARIANTS)[number];
export type BreakId = KnownBreak['id'];

export function findBreak(id: string): KnownBreak | undefined {
  return BREAK_VARIANTS.find((variant) => variant.id === id);
}
