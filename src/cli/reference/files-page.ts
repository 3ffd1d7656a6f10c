/**
 * One reference page per file a user writes (docs/reference/config.md for mcpgate.yaml,
 * docs/reference/NAME-file.md for the others), written from the file's zod schema and the docs each
 * key carries (describeKeys): a key added to a schema is on its page at the next `npm run docs`.
 */

import type { z } from 'zod';
import { describeKeys } from '../../shared/user-files/describe-keys.js';
import { schemaFileName } from '../../shared/user-files/json-schema.js';
import type { UserFileSpec } from '../../shared/user-files/user-file.js';
import { code, generatedNotice, table } from './markdown.js';

/** The page a file's reference is written to, under docs/reference/. */
export function filePageName(spec: UserFileSpec<z.ZodType>): string {
  return spec.name === 'mcpgate' ? 'config.md' : `${spec.name}-file.md`;
}

export function filePage(spec: UserFileSpec<z.ZodType>): string {
  const rows = describeKeys(spec.schema).map((key) => [code(key.path), key.required ? 'yes' : '', key.expected, key.doc]);
  return [
    generatedNotice(`the zod schema of the ${spec.role.what}`),
    '',
    `# ${spec.title}: reference`,
    '',
    `Every key of the ${spec.role.what} (named by \`${spec.role.namedBy}\`), with what it takes and what it is`,
    'for. `[]` marks the items of a list, `<name>` a key the user chooses. "required" means required within',
    'its mapping, when that mapping is written. The same schema, as JSON Schema for editors, is',
    `[docs/schemas/${schemaFileName(spec.name)}](../schemas/${schemaFileName(spec.name)}); a problem in the file is reported`,
    'with its file:line:col, the key, and what to write instead (exit code 2).',
    '',
    table(['key', 'required', 'takes', 'what it is for'], rows),
    '',
  ].join('\n');
}
