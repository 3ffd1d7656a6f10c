/**
 * A tool as a server lists it in tools/list (server/tools#tool): the one shape every layer reads.
 * Fields the spec does not name are kept, because pins, fingerprints and the scan hash or read the
 * whole definition. Other rooms narrow it with Pick (the model sees name, description, inputSchema).
 */

import { isRecord } from '../shared/guards.js';

/** An entry with a string name, everything else as sent: conformance must see a broken tool to judge it. */
export interface ListedTool {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  [key: string]: unknown;
}

/** A listed tool a client can call and describe to a model: its inputSchema is an object. */
export interface ServerTool extends ListedTool {
  description?: string;
  inputSchema: Record<string, unknown>;
}

export function isListedTool(entry: Record<string, unknown>): entry is ListedTool {
  return typeof entry.name === 'string';
}

export function isServerTool(entry: Record<string, unknown>): entry is ServerTool {
  const schema = entry.inputSchema;
  return isListedTool(entry) && isRecord(schema);
}
