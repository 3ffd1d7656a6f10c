/**
 * The pin file (`tools.lock`): mcpgate writes it, reads it back, and a person may edit it (drop a pin,
 * restore one from version control), so it is read like every file a user writes.
 */

import { z } from 'zod';
import { documented } from '../../shared/user-files/key-docs.js';

export const PIN_FILE_VERSION = 1;

const SHA256 = 'sha256: and 64 hex digits';
const hash = (doc: string) => documented(z.string().regex(/^sha256:[0-9a-f]{64}$/), SHA256, doc);

/** A tool's pin: hashes of its canonical definition (fingerprint.ts). */
export const ToolPinSchema = z.strictObject({
  hash: hash('the whole definition, the name included'),
  bodyHash: hash('the definition without the name, so a renamed tool is recognised'),
  fields: documented(
    z.record(z.string(), hash('one part of the definition')),
    `a mapping of part names to ${SHA256}`,
    'each part the tool has (title, description, inputSchema, outputSchema, annotations), so a change can name the part',
    'part',
  ),
});
export type ToolPin = z.output<typeof ToolPinSchema>;

export const PIN_FILE_SCHEMA = documented(
  z.strictObject({
    version: documented(z.literal(PIN_FILE_VERSION), String(PIN_FILE_VERSION), 'the version of the pin file format'),
    tools: documented(z.record(z.string(), ToolPinSchema), 'a mapping of tool names to pins', 'one pin per tool the server listed', 'tool'),
  }),
  'a mapping of version and tools',
  "the server's tools as pinned by `mcpgate chaos --pins`",
);
export type PinFile = z.output<typeof PIN_FILE_SCHEMA>;
