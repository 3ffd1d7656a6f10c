/**
 * What a server shows a model before any tool runs: its instructions and every tool, prompt,
 * resource and template it lists. Read once per run; the scan and the pins work on this copy only.
 */

import { CAPABILITY_METHODS, PAGINATED_METHODS } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { incompleteBecause, readAllPages, type PageRequester } from '../../wire/pagination.js';

export type Definition = Record<string, unknown>;

export interface Surface {
  instructions?: string;
  tools: Definition[];
  prompts: Definition[];
  resources: Definition[];
  resourceTemplates: Definition[];
  /** Lists that could not be read completely, in words. */
  problems: string[];
}

export async function readSurface(client: PageRequester, discover: Record<string, unknown>): Promise<Surface> {
  const surface: Surface = { tools: [], prompts: [], resources: [], resourceTemplates: [], problems: [] };
  if (typeof discover.instructions === 'string') surface.instructions = discover.instructions;
  const capabilities = isRecord(discover.capabilities) ? discover.capabilities : {};
  const methods = Object.entries(CAPABILITY_METHODS)
    .filter(([capability]) => isRecord(capabilities[capability]))
    .flatMap(([, list]) => list);
  const outcomes = await Promise.all(methods.map(async (method) => ({ method, outcome: await readAllPages(client, method) })));
  for (const { method, outcome } of outcomes) {
    const key = PAGINATED_METHODS[method];
    if (key) surface[key] = outcome.items;
    const incomplete = incompleteBecause(outcome);
    if (incomplete) surface.problems.push(`${method}: ${incomplete}`);
  }
  return surface;
}
