/**
 * The pin file (`tools.lock`): a versioned JSON document of per-tool pins, written with sorted keys,
 * two-space indentation and a trailing newline, so it diffs cleanly and reads the same on every run;
 * read back through the one loader of user files.
 *
 *   { "tools": { "get_weather": { "bodyHash": "sha256:…", "fields": { "description": "sha256:…", … },
 *     "hash": "sha256:…" } }, "version": 1 }
 */

import { existsSync } from 'node:fs';
import { canonicalJson } from '../../shared/canonical-json.js';
import { loadUserFile, parseUserFile, type UserFileSpec } from '../../shared/user-files/user-file.js';
import { FileProblemsError } from '../../shared/yaml/problems.js';
import { PIN_FILE_SCHEMA, PIN_FILE_VERSION, type PinFile, type ToolPin } from './pin-schema.js';

export { PIN_FILE_VERSION, type PinFile } from './pin-schema.js';

export class PinFileError extends FileProblemsError {}

export const PIN_FILE: UserFileSpec<typeof PIN_FILE_SCHEMA> = {
  name: 'pins',
  title: 'mcpgate pin file',
  schema: PIN_FILE_SCHEMA,
  role: { what: 'pin file', namedBy: '--pins' },
  whenEmpty: 'delete it: the next run pins the tools afresh',
  entries: [{ map: ['tools'], noun: 'tool' }],
  error: PinFileError,
  recover: 'delete the file to pin the tools afresh, or restore it from version control',
};

export function formatPinFile(tools: Record<string, ToolPin>): string {
  const file: PinFile = { version: PIN_FILE_VERSION, tools };
  return `${JSON.stringify(JSON.parse(canonicalJson(file)), null, 2)}\n`;
}

export function parsePinFile(text: string, file: string): PinFile {
  return parseUserFile(PIN_FILE, text, file).value;
}

/** The pin file named by --pins or chaos.pins: absent is undefined (it will be written), a problem is exit code 2. */
export function loadPins(file: string): PinFile | undefined {
  return existsSync(file) ? loadUserFile(PIN_FILE, file).value : undefined;
}
