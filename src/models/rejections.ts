/**
 * The keys a provider rejected in this process (a command is one process), by their line. A case
 * only keeps its sample's message, so the verdicts ask here; the first line is the one they name.
 * Apart from errors.ts so that asking does not load the AI SDK.
 */

import type { ModelError } from './types.js';

const rejected = new Set<string>();

/** Records a rejected key; the verdict (or the command's error line) is where the user reads it. */
export function noteRejection(error: ModelError): void {
  if (error.kind === 'rejected-credentials') rejected.add(error.message);
}

/** The first rejected key's line, or undefined: a verdict that finds one is exit code 4, whatever else happened. */
export function rejectedCredentials(): string | undefined {
  return rejected.values().next().value;
}
