/**
 * mcpgate's own JSON Schema (2020-12) for everything an MCP server of revision 2026-07-28 sends,
 * written from the spec pages and schema.ts. All definitions live in one `$defs` bundle under a
 * single `$id`, so `#/$defs/...` references resolve wherever a definition is compiled from.
 * test/unit/spec/schemas.test.ts cross-checks every definition against the official schema.json.
 */

import { ErrorCode } from './protocol.js';
import type { JsonSchema } from './schemas/json-schema.js';
import { commonDefs } from './schemas/common.js';
import { contentDefs } from './schemas/content.js';
import { featureDefs } from './schemas/features.js';
import { inputRequestDefs } from './schemas/input-requests.js';
import { notificationDefs } from './schemas/notifications.js';
import { resultDefs } from './schemas/results.js';

export type { JsonSchema, JsonType } from './schemas/json-schema.js';
export { CONTENT_BLOCK_KINDS } from './schemas/content.js';
export { INPUT_REQUEST_KINDS } from './schemas/input-requests.js';
export { SERVER_NOTIFICATIONS } from './schemas/notifications.js';

export const SCHEMA_ID = 'https://mcpgate.dev/schemas/mcp/2026-07-28.json';

/** Every definition by name; the groups never share a name (a test guards that). */
export const DEFINITIONS = {
  ...commonDefs,
  ...contentDefs,
  ...featureDefs,
  ...inputRequestDefs,
  ...resultDefs,
  ...notificationDefs,
};

export type DefinitionName = keyof typeof DEFINITIONS;

/** The groups the bundle is assembled from, kept apart so a test can detect name clashes. */
export const DEFINITION_GROUPS: readonly Readonly<Record<string, JsonSchema>>[] = [
  commonDefs,
  contentDefs,
  featureDefs,
  inputRequestDefs,
  resultDefs,
  notificationDefs,
];

export const SCHEMA_BUNDLE: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: SCHEMA_ID,
  $defs: DEFINITIONS,
};

/** The `complete` result definition of each method; other methods get the generic `Result`. */
export const RESULT_DEFINITIONS: Readonly<Record<string, DefinitionName>> = {
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

/** The `error.data` definition of each error code that defines one. */
export const ERROR_DATA_DEFINITIONS: Readonly<Record<number, DefinitionName>> = {
  [ErrorCode.UnsupportedProtocolVersion]: 'UnsupportedProtocolVersionErrorData',
  [ErrorCode.MissingRequiredClientCapability]: 'MissingRequiredClientCapabilityErrorData',
};
