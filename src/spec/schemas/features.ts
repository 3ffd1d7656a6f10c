/**
 * What a server offers and declares: capabilities (`server/discover`), tools, resource templates
 * and prompts, as the list methods return them.
 */

import { type JsonSchema, BOOLEAN, STRING, STRINGS, arrayOf, ref } from './json-schema.js';

const LIST_CHANGED: JsonSchema = { type: 'object', properties: { listChanged: BOOLEAN } };
const OBJECT_MAP: JsonSchema = { type: 'object', additionalProperties: ref('JSONObject') };

export const featureDefs = {
  ServerCapabilities: {
    type: 'object',
    properties: {
      tools: LIST_CHANGED,
      resources: { type: 'object', properties: { subscribe: BOOLEAN, listChanged: BOOLEAN } },
      prompts: LIST_CHANGED,
      completions: ref('JSONObject'),
      logging: ref('JSONObject'),
      experimental: OBJECT_MAP,
      extensions: OBJECT_MAP,
    },
  },
  // Servers echo this shape in -32021 errors, naming the capabilities a request lacked.
  ClientCapabilities: {
    type: 'object',
    properties: {
      elicitation: {
        type: 'object',
        properties: { form: ref('JSONObject'), url: ref('JSONObject') },
      },
      sampling: {
        type: 'object',
        properties: { context: ref('JSONObject'), tools: ref('JSONObject') },
      },
      roots: { type: 'object' },
      experimental: OBJECT_MAP,
      extensions: OBJECT_MAP,
    },
  },

  Tool: {
    type: 'object',
    properties: {
      name: STRING,
      title: STRING,
      description: STRING,
      icons: arrayOf('Icon'),
      // The root of an input schema must describe an object (J2); any other keyword is allowed.
      inputSchema: {
        type: 'object',
        properties: { $schema: STRING, type: { type: 'string', const: 'object' } },
        required: ['type'],
      },
      // Any schema object; its root may describe an array or a scalar.
      outputSchema: { type: 'object', properties: { $schema: STRING } },
      annotations: ref('ToolAnnotations'),
      _meta: ref('MetaObject'),
    },
    required: ['name', 'inputSchema'],
  },

  ResourceTemplate: {
    type: 'object',
    properties: {
      uriTemplate: { type: 'string', format: 'uri-template' },
      name: STRING,
      title: STRING,
      description: STRING,
      mimeType: STRING,
      icons: arrayOf('Icon'),
      annotations: ref('Annotations'),
      _meta: ref('MetaObject'),
    },
    required: ['uriTemplate', 'name'],
  },

  PromptArgument: {
    type: 'object',
    properties: { name: STRING, title: STRING, description: STRING, required: BOOLEAN },
    required: ['name'],
  },
  Prompt: {
    type: 'object',
    properties: {
      name: STRING,
      title: STRING,
      description: STRING,
      arguments: arrayOf('PromptArgument'),
      icons: arrayOf('Icon'),
      _meta: ref('MetaObject'),
    },
    required: ['name'],
  },
  PromptMessage: {
    type: 'object',
    properties: { role: ref('Role'), content: ref('ContentBlock') },
    required: ['role', 'content'],
  },

  SubscriptionFilter: {
    type: 'object',
    properties: {
      toolsListChanged: BOOLEAN,
      promptsListChanged: BOOLEAN,
      resourcesListChanged: BOOLEAN,
      resourceSubscriptions: STRINGS,
    },
  },
} as const satisfies Record<string, JsonSchema>;
