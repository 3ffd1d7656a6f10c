/**
 * The subset of JSON Schema 2020-12 that mcpgate's own protocol schemas use. The interface is
 * closed on purpose: a misspelt keyword (`requried`) is a type error instead of a silently
 * ignored annotation that would make a schema accept everything.
 */

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface JsonSchema {
  readonly $id?: string;
  readonly $schema?: string;
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly description?: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly format?: 'uri' | 'uri-template' | 'byte';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: JsonSchema | boolean;
  readonly items?: JsonSchema;
  readonly maxItems?: number;
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly if?: JsonSchema;
  readonly then?: JsonSchema;
}

/** A reference into the shared `$defs` bundle (see ../schemas.ts), which carries the one `$id`. */
export function ref(definition: string): JsonSchema {
  return { $ref: `#/$defs/${definition}` };
}

/** An array whose items are the named definition. */
export function arrayOf(definition: string): JsonSchema {
  return { type: 'array', items: ref(definition) };
}

export const STRING: JsonSchema = { type: 'string' };
export const BOOLEAN: JsonSchema = { type: 'boolean' };
export const STRINGS: JsonSchema = { type: 'array', items: STRING };
