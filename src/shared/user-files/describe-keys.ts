/**
 * Every key of a file, with its path, what it takes and what it is for: what the reference pages are
 * generated from. A key without docs is a mistake of the schema, refused here so a test names it.
 */

import { z } from 'zod';
import { docOf } from './key-docs.js';
import { alternatives } from './schema-walk.js';

export interface KeyDescription {
  /** `eval.runs`, `cases[].expect_args.<argument>.match`, `<tool>.parameters`. */
  path: string;
  expected: string;
  doc: string;
  /** The key must be written (within its mapping, when that is written). */
  required: boolean;
}

export function describeKeys(schema: z.core.$ZodType): KeyDescription[] {
  const keys: KeyDescription[] = [];
  const visited = new Set<z.core.$ZodType>();
  const describe = (path: string, member: z.core.$ZodType, required: boolean): void => {
    const doc = docOf(member);
    if (!doc) throw new Error(`the key ${path} has no docs: declare it with documented()`);
    keys.push({ path, expected: doc.expected, doc: doc.doc, required });
    walk(path, member);
  };
  const walk = (path: string, schema: z.core.$ZodType): void => {
    for (const option of alternatives(schema)) {
      if (visited.has(option)) continue;
      visited.add(option);
      if (option instanceof z.core.$ZodObject) {
        const shape: Record<string, z.core.$ZodType> = option._zod.def.shape;
        for (const [key, member] of Object.entries(shape)) describe(path ? `${path}.${key}` : key, member, member._zod.optin === undefined);
      } else if (option instanceof z.core.$ZodArray) {
        walk(`${path}[]`, option._zod.def.element);
      } else if (option instanceof z.core.$ZodRecord) {
        // The names of a mapping are the user's (tools, arguments, headers): an entry is listed when it has docs of its own.
        const name = `<${docOf(schema)?.names ?? 'name'}>`;
        const entry = path ? `${path}.${name}` : name;
        const value = option._zod.def.valueType;
        if (docOf(value)) describe(entry, value, false);
        else walk(entry, value);
      }
    }
  };
  walk('', schema);
  return keys;
}
