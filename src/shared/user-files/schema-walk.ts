/**
 * Walks a file's zod schema the way its data is nested, so a problem at a path can find the key's
 * docs and the keys allowed beside it, and the reference can list every key. Wrappers (optional,
 * nullable, default) are looked through; a transform is read on its input side, as the user writes it.
 */

import { z } from 'zod';
import type { PathSegment } from '../yaml/locate.js';

type Schema = z.core.$ZodType;

/** The schema a wrapper holds, or undefined for a schema that is not a wrapper. */
export function innerSchema(schema: Schema): Schema | undefined {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault ||
    schema instanceof z.core.$ZodReadonly ||
    schema instanceof z.core.$ZodNonOptional ||
    schema instanceof z.core.$ZodCatch
  )
    return schema._zod.def.innerType;
  if (schema instanceof z.core.$ZodPipe) return schema._zod.def.in;
  return undefined;
}

/** `schema` with every wrapper looked through. */
export function bareSchema(schema: Schema): Schema {
  let current = schema;
  for (let inner = innerSchema(current); inner; inner = innerSchema(current)) current = inner;
  return current;
}

/** The members of a union, or the schema itself. */
export function alternatives(schema: Schema): Schema[] {
  const bare = bareSchema(schema);
  return bare instanceof z.core.$ZodUnion ? bare._zod.def.options.flatMap(alternatives) : [bare];
}

/** The schema of the value at `segment` inside a value of `schema`: a key's, a list item's, a mapping entry's. */
export function childSchema(schema: Schema, segment: PathSegment): Schema | undefined {
  for (const option of alternatives(schema)) {
    if (option instanceof z.core.$ZodObject && typeof segment === 'string') {
      const shape: Record<string, Schema> = option._zod.def.shape;
      if (Object.hasOwn(shape, segment)) return shape[segment];
    } else if (option instanceof z.core.$ZodArray && typeof segment === 'number') {
      return option._zod.def.element;
    } else if (option instanceof z.core.$ZodRecord && typeof segment === 'string') {
      return option._zod.def.valueType;
    }
  }
  return undefined;
}

/** The schema at each depth of `path`: `[root, at path[0], at path[0..1], ...]`, undefined past what the schema knows. */
export function schemaTrail(root: Schema, path: readonly PathSegment[]): Array<Schema | undefined> {
  const trail: Array<Schema | undefined> = [root];
  let current: Schema | undefined = root;
  for (const segment of path) {
    current = current && childSchema(current, segment);
    trail.push(current);
  }
  return trail;
}

/** The keys a mapping of `schema` may hold (empty when it is no object schema). */
export function keysOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  return alternatives(schema).flatMap((option) => (option instanceof z.core.$ZodObject ? Object.keys(option._zod.def.shape) : []));
}
