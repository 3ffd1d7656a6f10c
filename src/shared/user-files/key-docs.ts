/**
 * What every key of every file a user writes takes and what it is for, registered on the key's zod
 * schema. The two halves make every message about a key ("eval.runs must be a positive integer
 * (samples per case)"), the description an editor shows from the published JSON Schema, and the
 * reference pages (describeKeys); a key is documented where it is declared, once.
 */

import { z } from 'zod';
import { innerSchema } from './schema-walk.js';

export interface KeyDoc {
  /** What the key takes, in words, as it completes "must be ...": "a positive integer". */
  expected: string;
  /** What the key is for: "samples per case". */
  doc: string;
  /** For a mapping of names (a record): what a name in it is, as the reference writes it: "tool". */
  names?: string;
}

export const KEY_DOCS = z.registry<KeyDoc>();

/** `schema`, registered with what it takes and what it is for. */
export function documented<T extends z.ZodType>(schema: T, expected: string, doc: string, names?: string): T {
  KEY_DOCS.add(schema, names === undefined ? { expected, doc } : { expected, doc, names });
  return schema;
}

/** The docs of `schema`, or of the schema an optional, nullable or default wrapper holds. */
export function docOf(schema: z.core.$ZodType): KeyDoc | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = innerSchema(current)) {
    const doc = KEY_DOCS.get(current);
    if (doc) return doc;
  }
  return undefined;
}

/** "one of a, b, c": the words for an enum's values. */
export function oneOf(values: readonly string[]): string {
  return `one of ${values.join(', ')}`;
}
