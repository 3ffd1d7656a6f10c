/**
 * A tool's pin: hashes of its canonical definition (keys sorted at every depth, so a server that
 * re-serialises the same schema in another order does not drift). `hash` covers the name too;
 * `bodyHash` leaves it out, so a tool renamed but otherwise identical is recognised as renamed;
 * `fields` hashes each part on its own, so a change can say which part changed.
 */

import { canonicalSha256 } from '../../shared/canonical-json.js';
import type { ToolPin } from './pin-schema.js';

/** The parts of a tool definition a model sees and a pin covers. */
export const PINNED_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

/** Only the fields the tool has are in `fields`: a field that appears or disappears is a change of that field. */
export type { ToolPin } from './pin-schema.js';

function sha256(value: unknown): string {
  return `sha256:${canonicalSha256(value)}`;
}

export function fingerprint(tool: Record<string, unknown>): ToolPin {
  const body: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const field of PINNED_FIELDS) {
    if (tool[field] === undefined) continue;
    body[field] = tool[field];
    fields[field] = sha256(tool[field]);
  }
  return { hash: sha256({ name: tool.name, ...body }), bodyHash: sha256(body), fields };
}
