/**
 * Building blocks shared by every server message of revision 2026-07-28: JSON-RPC envelopes,
 * ids, `_meta` objects, the common result fields, `Implementation` and content annotations.
 * Written from `basic/index` and schema.ts; property names and constraints follow the spec.
 */

import { type JsonSchema, BOOLEAN, STRING, STRINGS, arrayOf, ref } from './json-schema.js';

const JSONRPC_VERSION: JsonSchema = { type: 'string', const: '2.0' };

/** Fields every result carries; `resultType` is a free string so that extensions can add kinds. */
export const RESULT_FIELDS = {
  _meta: ref('ResultMetaObject'),
  resultType: STRING,
} as const satisfies Record<string, JsonSchema>;

/** The caching hints of `CacheableResult` (`server/utilities/caching`). */
export const CACHE_FIELDS = {
  ttlMs: { type: 'integer', minimum: 0 },
  cacheScope: { type: 'string', enum: ['private', 'public'] },
} as const satisfies Record<string, JsonSchema>;

export const commonDefs = {
  RequestId: { type: ['string', 'integer'] },
  ProgressToken: { type: ['string', 'integer'] },

  // Deliberately any object: schema.ts types these values as JSONValue (any JSON), while the
  // generated schema.json narrows leaves to string/integer/boolean; mcpgate must not fail a
  // server for `0.5` or `null` inside an extension's settings.
  JSONObject: { type: 'object' },

  MetaObject: { type: 'object' },
  ResultMetaObject: {
    type: 'object',
    properties: { 'io.modelcontextprotocol/serverInfo': ref('Implementation') },
  },
  NotificationMetaObject: {
    type: 'object',
    properties: { 'io.modelcontextprotocol/subscriptionId': ref('RequestId') },
  },

  Result: {
    type: 'object',
    properties: RESULT_FIELDS,
    required: ['resultType'],
  },

  Error: {
    type: 'object',
    properties: { code: { type: 'integer' }, message: STRING, data: {} },
    required: ['code', 'message'],
  },

  JSONRPCResultResponse: {
    type: 'object',
    properties: { jsonrpc: JSONRPC_VERSION, id: ref('RequestId'), result: ref('Result') },
    required: ['jsonrpc', 'id', 'result'],
  },
  // `id` is optional: a server may omit it when the request id could not be read.
  JSONRPCErrorResponse: {
    type: 'object',
    properties: { jsonrpc: JSONRPC_VERSION, id: ref('RequestId'), error: ref('Error') },
    required: ['jsonrpc', 'error'],
  },
  JSONRPCNotification: {
    type: 'object',
    properties: { jsonrpc: JSONRPC_VERSION, method: STRING, params: { type: 'object' } },
    required: ['jsonrpc', 'method'],
  },

  Icon: {
    type: 'object',
    properties: {
      src: { type: 'string', format: 'uri' },
      mimeType: STRING,
      sizes: STRINGS,
      theme: { type: 'string', enum: ['dark', 'light'] },
    },
    required: ['src'],
  },
  Implementation: {
    type: 'object',
    properties: {
      name: STRING,
      title: STRING,
      version: STRING,
      description: STRING,
      websiteUrl: { type: 'string', format: 'uri' },
      icons: arrayOf('Icon'),
    },
    required: ['name', 'version'],
  },

  Role: { type: 'string', enum: ['assistant', 'user'] },
  // `lastModified` is ISO 8601 by prose only; the spec sets no `format`, so neither does mcpgate.
  Annotations: {
    type: 'object',
    properties: {
      audience: arrayOf('Role'),
      priority: { type: 'number', minimum: 0, maximum: 1 },
      lastModified: STRING,
    },
  },

  ToolAnnotations: {
    type: 'object',
    properties: {
      title: STRING,
      readOnlyHint: BOOLEAN,
      destructiveHint: BOOLEAN,
      idempotentHint: BOOLEAN,
      openWorldHint: BOOLEAN,
    },
  },
} as const satisfies Record<string, JsonSchema>;
