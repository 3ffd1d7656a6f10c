/** The server fingerprint recorded in reports and history (see ServerFingerprint in the report model). */

import type { ServerFingerprint, ToolSurface } from '../report/model.js';
import { canonicalJson, canonicalSha256, compareCodeUnits } from '../shared/canonical-json.js';

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

/** Tools a report keeps whole for the tool-surface diff against a baseline; a larger list keeps only its fingerprint. */
export const MAX_SURFACE_TOOLS = 1_000;
/** Characters of their descriptions and schemas together: each report and history entry carries the surface twice. */
export const MAX_SURFACE_CHARS = 2 * 1024 * 1024;

/** Each tool's behaviour surface as the report stores it (title and description only when they are strings), sorted by name. */
export function toolSurfaceOf(tools: Array<Record<string, unknown>>): ToolSurface[] | undefined {
  if (tools.length > MAX_SURFACE_TOOLS) return undefined;
  const surface = tools
    .filter((tool) => typeof tool.name === 'string')
    .map((tool) => {
      const surface: ToolSurface = { name: tool.name as string };
      if (typeof tool.title === 'string') surface.title = tool.title;
      if (typeof tool.description === 'string') surface.description = tool.description;
      for (const key of ['inputSchema', 'outputSchema', 'annotations'] as const) if (tool[key] !== undefined) surface[key] = tool[key];
      return surface;
    })
    .sort((a, b) => compareCodeUnits(a.name, b.name) || compareCodeUnits(canonicalJson(a), canonicalJson(b)));
  let chars = 0;
  for (const tool of surface) {
    chars += JSON.stringify(tool).length;
    if (chars > MAX_SURFACE_CHARS) return undefined;
  }
  return surface;
}

export function fingerprintOf(tools: Array<Record<string, unknown>>, serverInfo?: { name: string; version: string }): ServerFingerprint {
  // Sorted the same way on every machine and whatever order the server lists its tools in (two tools
  // of one name by their whole surface), so the fingerprint changes only when the surface does.
  const surface = tools
    .map(behaviourSurface)
    .sort((a, b) => compareCodeUnits(String(a.name), String(b.name)) || compareCodeUnits(canonicalJson(a), canonicalJson(b)));
  return {
    toolsSha256: canonicalSha256(surface),
    toolCount: tools.length,
    ...(serverInfo ? { serverName: serverInfo.name, serverVersion: serverInfo.version } : {}),
  };
}
