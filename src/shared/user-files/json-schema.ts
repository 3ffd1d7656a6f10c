/**
 * The JSON Schema (2020-12) of a file a user writes, generated from its zod schema, published under
 * docs/schemas/ so editors complete and validate the file (`# yaml-language-server: $schema=...`).
 * It describes what the user writes (zod's input side); each key's description is its docs. Rules
 * across keys stay in zod, where they can be explained: an editor flags shapes, mcpgate the rest.
 */

import { z } from 'zod';
import { KEY_DOCS } from './key-docs.js';

/** Where the schemas are published, in the repository and in the package. */
export const SCHEMA_DIR = 'docs/schemas';

export function schemaFileName(name: string): string {
  return `${name}.schema.json`;
}

export function userFileJsonSchema(schema: z.core.$ZodType, name: string, title: string): Record<string, unknown> {
  const { $schema, ...generated } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    // A schema zod cannot express (a custom check) carries its JSON Schema in .meta().
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const doc = KEY_DOCS.get(zodSchema);
      if (doc) jsonSchema.description = `${doc.doc} (${doc.expected})`;
    },
  });
  return { $schema, $id: `urn:mcpgate:${name}`, title, ...generated };
}

/**
 * The first line of a file `mcpgate init` writes `depth` folders below the project (where
 * node_modules is), pointing editors at the schema the installed package ships.
 */
export function schemaComment(name: string, depth: number): string {
  const up = depth === 0 ? './' : '../'.repeat(depth);
  return `# yaml-language-server: $schema=${up}node_modules/mcpgate/${SCHEMA_DIR}/${schemaFileName(name)}`;
}
