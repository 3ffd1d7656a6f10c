/**
 * A corpus of realistic server messages, valid and invalid, each with the verdict the 2026-07-28
 * schema should give; test/unit/spec/schemas.test.ts runs it through the project's schemas and the
 * official schema.json and requires both to agree with it.
 */

import type { DefinitionName } from '../../src/spec/schemas.js';

export interface Case {
  name: string;
  definition: DefinitionName;
  value: unknown;
  valid: boolean;
  /** Only where the spec's prose and schema.json disagree (see KNOWN_DIFFERENCES). */
  officialValid?: boolean;
}

function valid(definition: DefinitionName, name: string, value: unknown): Case {
  return { name, definition, value, valid: true };
}

function invalid(definition: DefinitionName, name: string, value: unknown): Case {
  return { name, definition, value, valid: false };
}

const serverInfo = { _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'demo-server', version: '1.2.3' } } };
export const cacheable = { resultType: 'complete', ttlMs: 60000, cacheScope: 'public', ...serverInfo };
const complete = { resultType: 'complete' };
const inputRequired = { resultType: 'input_required' };
export const echoTool = {
  name: 'echo',
  description: 'Return the given text',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
    additionalProperties: false,
  },
};
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const values = (count: number): string[] => Array.from({ length: count }, (_, i) => `v${i}`);
export const notification = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, params });
const text = (value: string) => ({ type: 'text', text: value });

export const CORPUS: Case[] = [
  valid('DiscoverResult', 'discover result from the spec example', {
    ...cacheable,
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, prompts: {}, completions: {} },
    instructions: 'Demo server: use echo to test round-trips.',
  }),
  invalid('DiscoverResult', 'discover result whose supportedVersions is a string', {
    ...cacheable,
    supportedVersions: '2026-07-28',
    capabilities: {},
  }),
  invalid('DiscoverResult', 'discover result without capabilities', { ...cacheable, supportedVersions: [] }),
  {
    ...valid('ServerCapabilities', 'capabilities whose extension settings hold a fraction and null', {
      extensions: { 'com.example/rate': { perSecond: 0.5, burst: null } },
    }),
    officialValid: false,
  },

  valid('ListToolsResult', 'tools/list page with annotations, icons and an array output schema', {
    ...cacheable,
    nextCursor: '',
    tools: [
      echoTool,
      {
        name: 'list_files',
        title: 'List files',
        icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'dark' }],
        inputSchema: { type: 'object', additionalProperties: false },
        outputSchema: { type: 'array', items: { type: 'string' } },
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
    ],
  }),
  invalid('ListToolsResult', 'tools/list with ttlMs 1.5', { ...cacheable, ttlMs: 1.5, tools: [] }),
  invalid('ListToolsResult', 'tools/list with ttlMs -1', { ...cacheable, ttlMs: -1, tools: [] }),
  invalid('ListToolsResult', 'tools/list with cacheScope "shared"', { ...cacheable, cacheScope: 'shared', tools: [] }),
  invalid('ListToolsResult', 'tools/list without resultType', { ttlMs: 0, cacheScope: 'private', tools: [] }),
  invalid('Tool', 'tool whose inputSchema root is an array', {
    name: 'bad',
    inputSchema: { type: 'array', items: { type: 'string' } },
  }),
  invalid('Tool', 'tool without inputSchema', { name: 'bad', description: 'no schema' }),

  valid('CallToolResult', 'tools/call result with every content block kind', {
    ...complete,
    content: [
      {
        ...text('hello'),
        annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' },
      },
      { type: 'image', data: PNG_1PX, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRiQAAABXQVZF', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///p/README.md', name: 'README.md', mimeType: 'text/markdown', size: 120 },
      { type: 'resource', resource: { uri: 'file:///p/a.txt', mimeType: 'text/plain', text: 'a' } },
      { type: 'resource', resource: { uri: 'file:///p/a.bin', blob: 'AAEC' } },
    ],
    structuredContent: { count: 3 },
    isError: false,
  }),
  valid('CallToolResult', 'tools/call error result with null structuredContent', {
    ...complete,
    content: [],
    structuredContent: null,
    isError: true,
  }),
  invalid('CallToolResult', 'tools/call result without content', { ...complete, structuredContent: {} }),
  invalid('ContentBlock', 'image block without mimeType', { type: 'image', data: PNG_1PX }),
  invalid('ContentBlock', 'image block whose data is not base64', {
    type: 'image',
    data: 'not base64!',
    mimeType: 'image/png',
  }),
  invalid('ContentBlock', 'content block of unknown type "video"', { type: 'video', data: 'AAEC' }),
  invalid('ContentBlock', 'embedded resource with neither text nor blob', {
    type: 'resource',
    resource: { uri: 'file:///a' },
  }),
  invalid('ContentBlock', 'resource link without name', { type: 'resource_link', uri: 'file:///a' }),
  invalid('Annotations', 'annotations with priority 1.5', { priority: 1.5 }),
  invalid('Annotations', 'annotations with audience "system"', { audience: ['system'] }),

  valid('ListResourcesResult', 'resources/list page', {
    ...cacheable,
    resources: [{ uri: 'urn:demo:notes', name: 'notes', size: 10, annotations: { priority: 1 } }],
    nextCursor: 'p2',
  }),
  invalid('Resource', 'resource with a relative uri', { uri: 'notes.txt', name: 'notes' }),
  valid('ListResourceTemplatesResult', 'resources/templates/list page', {
    ...cacheable,
    resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'files', mimeType: 'text/plain' }],
  }),
  invalid('ResourceTemplate', 'resource template with an unclosed expression', {
    uriTemplate: 'notes/{id',
    name: 'notes',
  }),
  valid('ReadResourceResult', 'resources/read with text and blob contents', {
    ...cacheable,
    contents: [
      { uri: 'urn:demo:notes', mimeType: 'text/plain', text: 'hi' },
      { uri: 'urn:demo:logo', blob: PNG_1PX },
    ],
  }),
  invalid('ReadResourceResult', 'resources/read without cacheScope', { ...complete, ttlMs: 0, contents: [] }),

  valid('ListPromptsResult', 'prompts/list page with arguments', {
    ...cacheable,
    prompts: [{ name: 'review', arguments: [{ name: 'code', required: true, description: 'the code' }] }],
  }),
  invalid('Prompt', 'prompt argument without name', { name: 'review', arguments: [{ required: true }] }),
  valid('GetPromptResult', 'prompts/get with text and embedded resource messages', {
    ...complete,
    description: 'Code review',
    messages: [
      { role: 'user', content: text('Review this') },
      { role: 'assistant', content: { type: 'resource', resource: { uri: 'file:///a.ts', text: 'x' } } },
    ],
  }),
  invalid('GetPromptResult', 'prompt message with role "system"', {
    ...complete,
    messages: [{ role: 'system', content: text('x') }],
  }),

  valid('CompleteResult', 'completion with 100 values', {
    ...complete,
    completion: { values: values(100), total: 250, hasMore: true },
  }),
  invalid('CompleteResult', 'completion with 101 values', { ...complete, completion: { values: values(101) } }),

  valid('InputRequiredResult', 'input_required with a form elicitation and state', {
    ...inputRequired,
    requestState: 'eyJzdGVwIjoxfQ.sig',
    inputRequests: {
      confirm: {
        method: 'elicitation/create',
        params: {
          message: 'Delete 3 files?',
          requestedSchema: {
            type: 'object',
            properties: {
              ok: { type: 'boolean', default: false },
              reason: { type: 'string', maxLength: 200 },
              how: {
                type: 'string',
                oneOf: [
                  { const: 'soft', title: 'Move to trash' },
                  { const: 'hard', title: 'Delete' },
                ],
              },
            },
            required: ['ok'],
          },
        },
      },
    },
  }),
  valid('InputRequiredResult', 'input_required with sampling, roots and a URL elicitation', {
    ...inputRequired,
    inputRequests: {
      s: {
        method: 'sampling/createMessage',
        params: {
          maxTokens: 100,
          messages: [{ role: 'user', content: text('hi') }],
          modelPreferences: { speedPriority: 0.8 },
        },
      },
      r: { method: 'roots/list' },
      u: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/in' } },
    },
  }),
  valid('InputRequiredResult', 'input_required carrying only requestState', { ...inputRequired, requestState: 's' }),
  {
    ...invalid('InputRequiredResult', 'input_required with neither requests nor state', inputRequired),
    officialValid: true,
  },
  invalid('InputRequiredResult', 'input request of an unknown method', {
    ...inputRequired,
    inputRequests: { x: { method: 'tasks/get', params: {} } },
  }),
  invalid('InputRequiredResult', 'sampling request without maxTokens', {
    ...inputRequired,
    inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [] } } },
  }),
  invalid('InputRequiredResult', 'URL elicitation whose url is not a URI', {
    ...inputRequired,
    inputRequests: { u: { method: 'elicitation/create', params: { mode: 'url', message: 'go', url: 'not a url' } } },
  }),

  valid('UnsupportedProtocolVersionErrorData', '-32022 data', {
    supported: ['2026-07-28', '2025-11-25'],
    requested: '1900-01-01',
  }),
  invalid('UnsupportedProtocolVersionErrorData', '-32022 data without supported', { requested: '1900-01-01' }),
  invalid('UnsupportedProtocolVersionErrorData', '-32022 data with a numeric requested', {
    supported: [],
    requested: 19000101,
  }),
  valid('MissingRequiredClientCapabilityErrorData', '-32021 data', { requiredCapabilities: { elicitation: {} } }),
  invalid('MissingRequiredClientCapabilityErrorData', '-32021 data as a list of names', {
    requiredCapabilities: ['elicitation'],
  }),

  valid('Implementation', 'implementation with every optional field', {
    name: 'demo',
    version: '1.0.0',
    title: 'Demo',
    description: 'A demo',
    websiteUrl: 'https://example.com',
    icons: [{ src: 'https://example.com/i.svg' }],
  }),
  invalid('Implementation', 'implementation without version', { name: 'demo' }),

  valid('JSONRPCResultResponse', 'result envelope with a string id', { jsonrpc: '2.0', id: 'h-1', result: complete }),
  invalid('JSONRPCResultResponse', 'result envelope with a null id', { jsonrpc: '2.0', id: null, result: complete }),
  valid('JSONRPCErrorResponse', 'error envelope without id', {
    jsonrpc: '2.0',
    error: { code: -32700, message: 'Parse error' },
  }),
  invalid('JSONRPCErrorResponse', 'error envelope with a fractional code', {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32602.5, message: 'x' },
  }),
  invalid('JSONRPCErrorResponse', 'envelope of JSON-RPC 1.0', {
    jsonrpc: '1.0',
    id: 1,
    error: { code: -32601, message: 'x' },
  }),

  valid(
    'ProgressNotification',
    'progress notification',
    notification('notifications/progress', { progressToken: 7, progress: 0.5, total: 1, message: 'half' }),
  ),
  invalid('ProgressNotification', 'progress notification without token', notification('notifications/progress', { progress: 1 })),
  invalid(
    'LoggingMessageNotification',
    'log message at level "verbose"',
    notification('notifications/message', { level: 'verbose', data: 'x' }),
  ),
  valid(
    'SubscriptionsAcknowledgedNotification',
    'subscription acknowledgement',
    notification('notifications/subscriptions/acknowledged', {
      notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] },
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' },
    }),
  ),
  valid('ToolListChangedNotification', 'tools list_changed without params', {
    jsonrpc: '2.0',
    method: 'notifications/tools/list_changed',
  }),
  invalid(
    'ResourceUpdatedNotification',
    'resource updated with a relative uri',
    notification('notifications/resources/updated', { uri: 'a.txt' }),
  ),
  invalid('CancelledNotification', 'cancelled without requestId', notification('notifications/cancelled', { reason: 'done' })),
];
