/** Just enough JSON Schema reading for the baseline: properties in order, local $refs resolved. */

import { isRecord } from '../../shared/guards.js';

export type Schema = Record<string, unknown>;

/**
 * Follows `#/$defs/X` and `#/definitions/X` (the forms tools/list schemas use), keeping the
 * referring schema's own keywords over the target's, as a description beside a $ref is meant to.
 */
export function resolve(schema: Schema, root: Schema, depth = 0): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || depth > 8) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  if (!isRecord(target)) return schema;
  const { $ref: _dropped, ...own } = schema;
  return { ...resolve(target, root, depth + 1), ...own };
}

export interface Property {
  name: string;
  schema: Schema;
  required: boolean;
}

/** The object's properties, required ones first, each in declaration order. */
export function propertiesOf(schema: Schema, root: Schema): Property[] {
  const props = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
  const all = Object.entries(props)
    .filter((entry): entry is [string, Schema] => isRecord(entry[1]))
    .map(([name, s]) => ({ name, schema: resolve(s, root), required: required.has(name) }));
  return [...all.filter((p) => p.required), ...all.filter((p) => !p.required)];
}

export function typeOf(schema: Schema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  return undefined;
}

export function text(schema: Schema, key: string): string {
  const value = schema[key];
  return typeof value === 'string' ? value : '';
}
