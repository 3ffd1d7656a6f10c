/**
 * Content that tools and prompts return (`server/tools#tool-result`) and the resource shapes it
 * can carry: text, image, audio, resource links and embedded resources.
 */

import { type JsonSchema, STRING, arrayOf, ref } from './json-schema.js';

const URI: JsonSchema = { type: 'string', format: 'uri' };
const BASE64: JsonSchema = { type: 'string', format: 'byte' };

/** Fields that a content block of any kind may carry besides its payload. */
const BLOCK_FIELDS = { annotations: ref('Annotations'), _meta: ref('MetaObject') } as const;

/** The descriptive fields of a resource, shared by `Resource` and `resource_link` blocks. */
const RESOURCE_FIELDS = {
  uri: URI,
  name: STRING,
  title: STRING,
  description: STRING,
  mimeType: STRING,
  size: { type: 'integer' },
  icons: arrayOf('Icon'),
  ...BLOCK_FIELDS,
} as const satisfies Record<string, JsonSchema>;

function kind(type: string): JsonSchema {
  return { type: 'string', const: type };
}

/** `type` value of each content block kind, and the definition that describes it. */
export const CONTENT_BLOCK_KINDS = {
  text: 'TextContent',
  image: 'ImageContent',
  audio: 'AudioContent',
  resource_link: 'ResourceLink',
  resource: 'EmbeddedResource',
} as const;

export const contentDefs = {
  Resource: { type: 'object', properties: RESOURCE_FIELDS, required: ['uri', 'name'] },

  TextResourceContents: {
    type: 'object',
    properties: { uri: URI, mimeType: STRING, text: STRING, _meta: ref('MetaObject') },
    required: ['uri', 'text'],
  },
  BlobResourceContents: {
    type: 'object',
    properties: { uri: URI, mimeType: STRING, blob: BASE64, _meta: ref('MetaObject') },
    required: ['uri', 'blob'],
  },
  ResourceContentsItem: { anyOf: [ref('TextResourceContents'), ref('BlobResourceContents')] },

  TextContent: {
    type: 'object',
    properties: { type: kind('text'), text: STRING, ...BLOCK_FIELDS },
    required: ['type', 'text'],
  },
  ImageContent: {
    type: 'object',
    properties: { type: kind('image'), data: BASE64, mimeType: STRING, ...BLOCK_FIELDS },
    required: ['type', 'data', 'mimeType'],
  },
  AudioContent: {
    type: 'object',
    properties: { type: kind('audio'), data: BASE64, mimeType: STRING, ...BLOCK_FIELDS },
    required: ['type', 'data', 'mimeType'],
  },
  ResourceLink: {
    type: 'object',
    properties: { type: kind('resource_link'), ...RESOURCE_FIELDS },
    required: ['type', 'uri', 'name'],
  },
  EmbeddedResource: {
    type: 'object',
    properties: { type: kind('resource'), resource: ref('ResourceContentsItem'), ...BLOCK_FIELDS },
    required: ['type', 'resource'],
  },

  // The spec's union is an anyOf of the five kinds. Dispatching on `type` accepts exactly the
  // same values but reports "image block lacks mimeType" instead of five branch failures.
  ContentBlock: {
    type: 'object',
    properties: { type: { type: 'string', enum: Object.keys(CONTENT_BLOCK_KINDS) } },
    required: ['type'],
    allOf: Object.entries(CONTENT_BLOCK_KINDS).map(([type, definition]) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: ref(definition),
    })),
  },
} as const satisfies Record<string, JsonSchema>;
