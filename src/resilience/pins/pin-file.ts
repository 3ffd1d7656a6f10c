/**
 * The pin file (`tools.lock`): a versioned JSON document of per-tool pins, written with sorted keys,
 * two-space indentation and a trailing newline, so it diffs cleanly and reads the same on every run.
 *
 *   { "tools": { "get_weather": { "bodyHash": "sha256:…", "fields": { "description": "sha256:…", … },
 *     "hash": "sha256:…" } }, "version": 1 }
 */

import { usageError } from '../../shared/input-error.js';
import { existsSync } from 'node:fs';
import { readNamedFile } from '../../shared/files.js';
import { canonicalJson } from '../../shared/canonical-json.js';
import { isRecord } from '../../shared/guards.js';
import type { ToolPin } from './fingerprint.js';

export const PIN_FILE_VERSION = 1;

export interface PinFile {
  version: typeof PIN_FILE_VERSION;
  tools: Record<string, ToolPin>;
}

export class PinFileError extends Error {}

export function formatPinFile(tools: Record<string, ToolPin>): string {
  const file: PinFile = { version: PIN_FILE_VERSION, tools };
  return `${JSON.stringify(JSON.parse(canonicalJson(file)), null, 2)}\n`;
}

const HASH = /^sha256:[0-9a-f]{64}$/;

function isPin(value: unknown): value is ToolPin {
  return (
    isRecord(value) &&
    typeof value.hash === 'string' &&
    HASH.test(value.hash) &&
    typeof value.bodyHash === 'string' &&
    HASH.test(value.bodyHash) &&
    isRecord(value.fields) &&
    Object.values(value.fields).every((h) => typeof h === 'string' && HASH.test(h))
  );
}

/** Reads a pin file's text; throws PinFileError with one line naming the file and what is wrong. */
export function parsePinFile(text: string, file: string): PinFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new PinFileError(`${file} is not valid JSON; delete it to pin the tools afresh, or restore it from version control`);
  }
  if (!isRecord(data) || data.version !== PIN_FILE_VERSION) {
    throw new PinFileError(
      `${file} is not an mcpgate pin file of version ${PIN_FILE_VERSION} (expected {"version": ${PIN_FILE_VERSION}, "tools": {...}})`,
    );
  }
  if (!isRecord(data.tools)) throw new PinFileError(`${file}: "tools" must be an object of tool pins`);
  for (const [name, pin] of Object.entries(data.tools)) {
    if (!isPin(pin))
      throw new PinFileError(`${file}: the pin of tool "${name}" is malformed (it needs hash, bodyHash and fields as sha256:<hex>)`);
  }
  return data as unknown as PinFile;
}

/** The pin file named by --pins or chaos.pins: absent is undefined (it will be written), unreadable is a usage error. */
export function loadPins(file: string): PinFile | undefined {
  if (!existsSync(file)) return undefined;
  const text = readNamedFile(file, 'pin file');
  try {
    return parsePinFile(text, file);
  } catch (error) {
    if (error instanceof PinFileError) throw usageError(error.message);
    throw usageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
