/**
 * What a server may ask the client for inside an `input_required` result (`basic/patterns/mrtr`):
 * elicitation, sampling and roots requests, embedded as `{method, params}` without `id`/`jsonrpc`.
 */

import { type JsonSchema, BOOLEAN, STRING, STRINGS, arrayOf, ref } from './json-schema.js';

const NUMBER: JsonSchema = { type: 'number' };
const INTEGER: JsonSchema = { type: 'integer' };
const FRACTION: JsonSchema = { type: 'number', minimum: 0, maximum: 1 };
const TITLED_VALUES: JsonSchema = {
  type: 'array',
  items: { type: 'object', properties: { const: STRING, title: STRING }, required: ['const', 'title'] },
};

function constant(value: string): JsonSchema {
  return { type: 'string', const: value };
}

/** Fields every elicitation field schema may carry. */
const FIELD_TEXT = { title: STRING, description: STRING } as const;

/** `method` of each input request kind, and the definition that describes it. */
export const INPUT_REQUEST_KINDS = {
  'elicitation/create': 'ElicitRequest',
  'sampling/createMessage': 'CreateMessageRequest',
  'roots/list': 'ListRootsRequest',
} as const;

export const inputRequestDefs = {
  InputRequests: { type: 'object', additionalProperties: ref('InputRequest') },
  // An anyOf of the three kinds in the spec; dispatching on `method` accepts the same values
  // and names the kind whose params are wrong.
  InputRequest: {
    type: 'object',
    properties: { method: { type: 'string', enum: Object.keys(INPUT_REQUEST_KINDS) } },
    required: ['method'],
    allOf: Object.entries(INPUT_REQUEST_KINDS).map(([method, definition]) => ({
      if: { properties: { method: { const: method } }, required: ['method'] },
      then: ref(definition),
    })),
  },

  ListRootsRequest: {
    type: 'object',
    properties: {
      method: constant('roots/list'),
      params: { type: 'object', properties: { _meta: ref('MetaObject') } },
    },
    required: ['method'],
  },

  ElicitRequest: {
    type: 'object',
    properties: { method: constant('elicitation/create'), params: ref('ElicitRequestParams') },
    required: ['method', 'params'],
  },
  ElicitRequestParams: { anyOf: [ref('ElicitRequestFormParams'), ref('ElicitRequestURLParams')] },
  ElicitRequestFormParams: {
    type: 'object',
    properties: {
      mode: constant('form'),
      message: STRING,
      requestedSchema: {
        type: 'object',
        properties: {
          $schema: STRING,
          type: constant('object'),
          properties: { type: 'object', additionalProperties: ref('PrimitiveSchemaDefinition') },
          required: STRINGS,
        },
        required: ['type', 'properties'],
      },
    },
    required: ['message', 'requestedSchema'],
  },
  ElicitRequestURLParams: {
    type: 'object',
    properties: { mode: constant('url'), message: STRING, url: { type: 'string', format: 'uri' } },
    required: ['mode', 'message', 'url'],
  },

  PrimitiveSchemaDefinition: {
    anyOf: [
      ref('StringSchema'),
      ref('NumberSchema'),
      ref('BooleanSchema'),
      ref('UntitledSingleSelectEnumSchema'),
      ref('TitledSingleSelectEnumSchema'),
      ref('UntitledMultiSelectEnumSchema'),
      ref('TitledMultiSelectEnumSchema'),
      ref('LegacyTitledEnumSchema'),
    ],
  },
  StringSchema: {
    type: 'object',
    properties: {
      type: constant('string'),
      ...FIELD_TEXT,
      minLength: INTEGER,
      maxLength: INTEGER,
      format: { type: 'string', enum: ['date', 'date-time', 'email', 'uri'] },
      default: STRING,
    },
    required: ['type'],
  },
  NumberSchema: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['integer', 'number'] },
      ...FIELD_TEXT,
      minimum: NUMBER,
      maximum: NUMBER,
      default: NUMBER,
    },
    required: ['type'],
  },
  BooleanSchema: {
    type: 'object',
    properties: { type: constant('boolean'), ...FIELD_TEXT, default: BOOLEAN },
    required: ['type'],
  },
  UntitledSingleSelectEnumSchema: {
    type: 'object',
    properties: { type: constant('string'), ...FIELD_TEXT, enum: STRINGS, default: STRING },
    required: ['type', 'enum'],
  },
  TitledSingleSelectEnumSchema: {
    type: 'object',
    properties: { type: constant('string'), ...FIELD_TEXT, oneOf: TITLED_VALUES, default: STRING },
    required: ['type', 'oneOf'],
  },
  UntitledMultiSelectEnumSchema: {
    type: 'object',
    properties: {
      type: constant('array'),
      ...FIELD_TEXT,
      minItems: INTEGER,
      maxItems: INTEGER,
      items: {
        type: 'object',
        properties: { type: constant('string'), enum: STRINGS },
        required: ['type', 'enum'],
      },
      default: STRINGS,
    },
    required: ['type', 'items'],
  },
  TitledMultiSelectEnumSchema: {
    type: 'object',
    properties: {
      type: constant('array'),
      ...FIELD_TEXT,
      minItems: INTEGER,
      maxItems: INTEGER,
      items: { type: 'object', properties: { anyOf: TITLED_VALUES }, required: ['anyOf'] },
      default: STRINGS,
    },
    required: ['type', 'items'],
  },
  // Deprecated `enumNames` form, still accepted by the revision.
  LegacyTitledEnumSchema: {
    type: 'object',
    properties: {
      type: constant('string'),
      ...FIELD_TEXT,
      enum: STRINGS,
      enumNames: STRINGS,
      default: STRING,
    },
    required: ['type', 'enum'],
  },

  CreateMessageRequest: {
    type: 'object',
    properties: { method: constant('sampling/createMessage'), params: ref('CreateMessageRequestParams') },
    required: ['method', 'params'],
  },
  CreateMessageRequestParams: {
    type: 'object',
    properties: {
      messages: arrayOf('SamplingMessage'),
      maxTokens: INTEGER,
      systemPrompt: STRING,
      includeContext: { type: 'string', enum: ['allServers', 'none', 'thisServer'] },
      temperature: NUMBER,
      stopSequences: STRINGS,
      metadata: ref('JSONObject'),
      modelPreferences: ref('ModelPreferences'),
      tools: arrayOf('Tool'),
      toolChoice: ref('ToolChoice'),
    },
    required: ['messages', 'maxTokens'],
  },
  SamplingMessage: {
    type: 'object',
    properties: {
      role: ref('Role'),
      content: { anyOf: [ref('SamplingMessageContentBlock'), arrayOf('SamplingMessageContentBlock')] },
      _meta: ref('MetaObject'),
    },
    required: ['role', 'content'],
  },
  SamplingMessageContentBlock: {
    anyOf: [ref('TextContent'), ref('ImageContent'), ref('AudioContent'), ref('ToolUseContent'), ref('ToolResultContent')],
  },
  ToolUseContent: {
    type: 'object',
    properties: {
      type: constant('tool_use'),
      id: STRING,
      name: STRING,
      input: { type: 'object' },
      _meta: ref('MetaObject'),
    },
    required: ['type', 'id', 'name', 'input'],
  },
  ToolResultContent: {
    type: 'object',
    properties: {
      type: constant('tool_result'),
      toolUseId: STRING,
      content: arrayOf('ContentBlock'),
      structuredContent: {},
      isError: BOOLEAN,
      _meta: ref('MetaObject'),
    },
    required: ['type', 'toolUseId', 'content'],
  },
  ModelPreferences: {
    type: 'object',
    properties: {
      hints: arrayOf('ModelHint'),
      costPriority: FRACTION,
      speedPriority: FRACTION,
      intelligencePriority: FRACTION,
    },
  },
  ModelHint: { type: 'object', properties: { name: STRING } },
  ToolChoice: { type: 'object', properties: { mode: { type: 'string', enum: ['auto', 'none', 'required'] } } },
} as const satisfies Record<string, JsonSchema>;
