/** The server fingerprint recorded in reports and history (see ServerFingerprint in the report model). */

import { createHash } from 'node:crypto';
import type { ServerFingerprint } from '../report/model.js';
import { canonicalJson } from '../shared/canonical-json.js';

/** Only what a model reads or a client relies on; `_meta` and icons do not change behaviour. */
function behaviourSurface(tool: Record<string, unknown>): Record<string, unknown> {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: tool.annotations,
  };
}

export function fingerprintOf(tools: Array<Record<string, unknown>>, serverInfo?: { name: string; version: string }): ServerFingerprint {
  const surface = tools.map(behaviourSurface).sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return {
    toolsSha256: createHash('sha256').update(canonicalJson(surface)).digest('hex'),
    toolCount: tools.length,
    ...(serverInfo ? { serverName: serverInfo.name, serverVersion: serverInfo.version } : {}),
  };
}
