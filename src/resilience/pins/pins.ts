/**
 * --pins and --update-pins: pin the server's tools when there is no pin file yet, compare with the
 * pins when there is one, and rewrite them on request. File reading and writing stay with the
 * caller; this returns the section for the report and, when the file should be written, its text.
 */

import type { PinsSection } from '../../report/model.js';
import { comparePins } from './compare.js';
import { fingerprint, type ToolPin } from './fingerprint.js';
import { formatPinFile, type PinFile } from './pin-file.js';

export interface PinsRequest {
  file: string;
  /** The parsed pin file, or undefined when it does not exist yet. */
  previous?: PinFile;
  update: boolean;
}

/** `complete` is false when tools/list could not be read to the end: half a list must not be pinned. */
export function applyPins(
  tools: readonly Record<string, unknown>[],
  request: PinsRequest,
  complete: boolean,
): { section: PinsSection; write?: string } {
  if (!complete) return { section: { file: request.file, status: 'not-checked', tools: tools.length, changes: [] } };
  const current: Record<string, ToolPin> = {};
  for (const tool of tools) if (typeof tool.name === 'string') current[tool.name] = fingerprint(tool);
  const count = Object.keys(current).length;
  if (!request.previous) {
    return { section: { file: request.file, status: 'written', tools: count, changes: [] }, write: formatPinFile(current) };
  }
  const changes = comparePins(request.previous.tools, current);
  if (request.update) return { section: { file: request.file, status: 'updated', tools: count, changes }, write: formatPinFile(current) };
  return { section: { file: request.file, status: changes.length > 0 ? 'drift' : 'unchanged', tools: count, changes } };
}
