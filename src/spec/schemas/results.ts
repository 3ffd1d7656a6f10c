/**
 * The result of every server method, and the `error.data` shapes that revision 2026-07-28 defines.
 * `resultType`, `ttlMs`, `cacheScope` and `_meta` are modelled as the spec states them even though
 * the wire validator leaves their verdicts to dedicated checks (see ../validate.ts).
 */

import { type JsonSchema, BOOLEAN, STRING, STRINGS, arrayOf, ref } from './json-schema.js';
import { CACHE_FIELDS, RESULT_FIELDS } from './common.js';

function result(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties: { ...RESULT_FIELDS, ...properties }, required: ['resultType', ...required] };
}

/** A `complete` result that clients may cache (`server/utilities/caching`). */
function cacheableResult(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return result({ ...CACHE_FIELDS, ...properties }, ['ttlMs', 'cacheScope', ...required]);
}

/** One page of a paginated list; a missing `nextCursor` means the last page. */
function listResult(key: string, item: string): JsonSchema {
  return cacheableResult({ [key]: arrayOf(item), nextCursor: STRING }, [key]);
}

export const resultDefs = {
  DiscoverResult: cacheableResult({ supportedVersions: STRINGS, capabilities: ref('ServerCapabilities'), instructions: STRING }, [
    'supportedVersions',
    'capabilities',
  ]),

  ListToolsResult: listResult('tools', 'Tool'),
  // `structuredContent` may be any JSON value; its shape is governed by the tool's outputSchema.
  CallToolResult: result({ content: arrayOf('ContentBlock'), structuredContent: {}, isError: BOOLEAN }, ['content']),

  ListResourcesResult: listResult('resources', 'Resource'),
  ListResourceTemplatesResult: listResult('resourceTemplates', 'ResourceTemplate'),
  ReadResourceResult: cacheableResult({ contents: arrayOf('ResourceContentsItem') }, ['contents']),

  ListPromptsResult: listResult('prompts', 'Prompt'),
  GetPromptResult: result({ description: STRING, messages: arrayOf('PromptMessage') }, ['messages']),

  CompleteResult: result(
    {
      completion: {
        type: 'object',
        properties: {
          values: { type: 'array', items: STRING, maxItems: 100 },
          total: { type: 'integer' },
          hasMore: BOOLEAN,
        },
        required: ['values'],
      },
    },
    ['completion'],
  ),

  // The spec's prose requires at least one of the two fields (a result carrying only
  // `requestState` is legal load shedding); schema.json leaves that rule out, mcpgate enforces it.
  InputRequiredResult: {
    ...result({ inputRequests: ref('InputRequests'), requestState: STRING }, []),
    anyOf: [{ required: ['inputRequests'] }, { required: ['requestState'] }],
  },

  UnsupportedProtocolVersionErrorData: {
    type: 'object',
    properties: { supported: STRINGS, requested: STRING },
    required: ['supported', 'requested'],
  },
  // An object of capabilities such as `{"elicitation":{}}`, never a list of names.
  MissingRequiredClientCapabilityErrorData: {
    type: 'object',
    properties: { requiredCapabilities: ref('ClientCapabilities') },
    required: ['requiredCapabilities'],
  },
} as const satisfies Record<string, JsonSchema>;
