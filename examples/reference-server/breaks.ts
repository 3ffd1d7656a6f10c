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
  /**
   * The exit code mcpgate must give, set only where it differs from the default of 1 for 'fail'
   * and 0 for 'warn' (e.g. 3 when the server cannot be recognised as MCP at all).
   */
  expectedExitCode?: number;
  /**
   * Robustness probes (`mcpgate chaos`) the variant fails. Such a variant breaks nothing layer 0
   * sends, so `expectedFailures` is empty and `mcpgate check` passes it (exit 0).
   */
  robustnessFailures?: readonly string[];
}

const BOTH: readonly Transport[] = ['http', 'stdio'];
const HTTP: readonly Transport[] = ['http'];
const STDIO: readonly Transport[] = ['stdio'];

const VARIANTS = [
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
  { id: 'discover-not-implemented', rule: 'D1', transports: BOTH, expectedStatus: 'fail', expectedExitCode: 3,
    description: 'server/discover and initialize both answer -32601 (HTTP 404): not recognisably MCP of any era',
    expectedFailures: ['discover.responds'] },
  { id: 'discover-bad-instructions', rule: 'D2', transports: BOTH, expectedStatus: 'fail',
    description: 'the DiscoverResult carries instructions 42 (a number, not a string)',
    expectedFailures: ['discover.result-shape'] },
  { id: 'bad-meta-key', rule: 'V7', transports: BOTH, expectedStatus: 'fail',
    description: 'every result\'s _meta also carries the key "bad key!" next to serverInfo',
    expectedFailures: ['meta.key-syntax'] },
  { id: 'null-id-served', rule: 'B5', transports: BOTH, expectedStatus: 'warn',
    description: 'a request with "id": null is served (a result echoing id null) instead of getting -32600',
    expectedFailures: ['jsonrpc.null-id'] },
  { id: 'case-sensitive-header-names', rule: 'H4', transports: HTTP, expectedStatus: 'fail',
    description: 'only the exact spellings Mcp-Method and MCP-Protocol-Version are recognised; other casings count as missing',
    expectedFailures: ['http.header-names-case-insensitive'] },
  { id: 'no-base64-name', rule: 'H4', transports: HTTP, expectedStatus: 'fail',
    description: 'Mcp-Name values of the form =?base64?…?= are compared without decoding',
    expectedFailures: ['http.mcp-name-base64'] },
  { id: 'delete-allowed', rule: 'H2', transports: HTTP, expectedStatus: 'warn',
    description: 'DELETE /mcp is answered 200 with an empty body',
    expectedFailures: ['http.delete-405'] },
  { id: 'legacy-range-code', rule: '§17', transports: HTTP, expectedStatus: 'warn',
    description: 'HTTP-level refusals (403, 404, 405, 413) carry JSON-RPC code -32000 instead of -32600',
    expectedFailures: ['errors.implementation-defined-range'] },
  { id: 'ack-own-subscription-id', rule: 'S2', transports: BOTH, expectedStatus: 'fail',
    description: 'the subscriptions/listen acknowledgement carries a server-chosen subscriptionId instead of the request id',
    expectedFailures: ['subscriptions.acknowledged'] },
  { id: 'completion-missing', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'completion/complete answers -32601 although the completions capability is declared',
    expectedFailures: ['completions.complete'] },
  { id: 'ignores-trace-context', rule: 'OT1', transports: BOTH, expectedStatus: 'warn',
    description: 'with OTLP export on, server spans start a new trace instead of joining the traceparent in _meta (proven by test/tracing.test.ts: layer 0 sees it only with a receiver)',
    expectedFailures: [] },
  { id: 'unsolicited-progress', rule: 'PG1', transports: BOTH, expectedStatus: 'fail',
    description: 'tools/call sends notifications/progress before its result although the request carried no progressToken',
    expectedFailures: ['notifications.unsolicited'] },
  { id: 'wrong-content-type', rule: 'H6', transports: HTTP, expectedStatus: 'fail',
    description: 'JSON response bodies (not SSE, not 202) are sent as Content-Type text/plain',
    expectedFailures: ['http.content-type'] },
  { id: 'resources-list-missing', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/list answers -32601 (HTTP 404) although the resources capability is declared',
    expectedFailures: ['resources.list', 'capabilities.gates'] },
  { id: 'templates-list-missing', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/templates/list answers -32601 (HTTP 404) although the resources capability is declared',
    expectedFailures: ['resources.templates-list', 'capabilities.gates'] },
  { id: 'read-fails', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/read of any known resource answers -32603 (unknown URIs still get -32602)',
    expectedFailures: ['resources.read'] },
  { id: 'prompt-get-fails', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'prompts/get of a known prompt with its required arguments answers -32603',
    expectedFailures: ['prompts.get'] },
  { id: 'prompt-not-found-wrong-code', rule: 'PR3', transports: BOTH, expectedStatus: 'warn',
    description: 'an unknown prompt name gets -32603 instead of -32602',
    expectedFailures: ['prompts.not-found'] },
  { id: 'prompts-list-missing', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'prompts/list answers -32601 (HTTP 404) although the prompts capability is declared',
    expectedFailures: ['prompts.list', 'capabilities.gates'] },
  { id: 'undeclared-served', rule: 'D4', transports: BOTH, expectedStatus: 'fail',
    description: 'server/discover does not declare prompts, but prompts/list and prompts/get are still served',
    expectedFailures: ['capabilities.gates'] },
  { id: 'templates-input-required', rule: 'M1', transports: BOTH, expectedStatus: 'fail',
    description: 'resources/templates/list answers resultType "input_required"',
    expectedFailures: ['result.input-required-scope'] },
  { id: 'image-without-mime', rule: 'T1', transports: BOTH, expectedStatus: 'fail',
    description: 'a successful get_weather result also carries an image content block without mimeType',
    expectedFailures: ['wire.schema-valid'] },
  { id: 'crash-on-bad-json', rule: 'B5', transports: BOTH, expectedStatus: 'fail',
    description: 'the process exits (code 70) on a message that is not valid JSON, without answering',
    expectedFailures: [], robustnessFailures: ['robust.malformed-json'] },
  { id: 'hang-on-batch', rule: 'H1', transports: BOTH, expectedStatus: 'fail',
    description: 'a JSON-RPC batch array is never answered (HTTP: the request is held open; stdio: the line is dropped)',
    expectedFailures: [], robustnessFailures: ['robust.batch'] },
] as const satisfies readonly BreakVariant[];

/** The ids stay a literal union (so a misspelt id in a hook does not compile); the rest reads as BreakVariant. */
export type BreakId = (typeof VARIANTS)[number]['id'];
export type KnownBreak = BreakVariant & { id: BreakId };

export const BREAK_VARIANTS: readonly KnownBreak[] = VARIANTS;

/** The exit code `mcpgate check` must give for the variant: its own, or 1 for 'fail' and 0 for 'warn' (or nothing to trip). */
export function expectedExitCodeOf(variant: BreakVariant): number {
  return variant.expectedExitCode ?? (variant.expectedStatus === 'fail' && variant.expectedFailures.length > 0 ? 1 : 0);
}

export function findBreak(id: string): KnownBreak | undefined {
  return BREAK_VARIANTS.find((variant) => variant.id === id);
}
