/**
 * The local rewriting layer: the server's tools/list with the overridden descriptions, served to the
 * model, while every call still goes to the real server unchanged.
 */

import type { ServerFingerprint } from '../../report/model.js';
import type { ServerTool } from '../../spec/tool.js';
import { FileProblemsError, type FileProblem } from '../../shared/yaml/problems.js';
import { didYouMean } from '../../shared/yaml/suggest.js';
import type { McpSession } from '../../wire/session.js';
import type { DescriptionOverrides } from './load.js';

/** The tools with the overrides applied; a tool or parameter the server does not have is an error naming it. */
export function applyDescriptions(tools: ServerTool[], overrides: DescriptionOverrides): ServerTool[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const problems: FileProblem[] = [];
  for (const [name, override] of overrides.tools) {
    const tool = byName.get(name);
    if (!tool) {
      problems.push({
        file: overrides.file,
        ...overrides.at(name),
        message: `no tool named "${name}" on the server: ${didYouMean(name, [...byName.keys()])}`,
      });
      continue;
    }
    const properties = propertiesOf(tool);
    for (const parameter of Object.keys(override.parameters))
      if (!(parameter in properties))
        problems.push({
          file: overrides.file,
          ...overrides.at(name, parameter),
          message: `tool ${name} has no parameter "${parameter}" (it takes ${Object.keys(properties).join(', ') || 'none'})`,
        });
  }
  if (problems.length > 0) throw new FileProblemsError(overrides.file, problems);
  return tools.map((tool) => {
    const override = overrides.tools.get(tool.name);
    if (!override) return tool;
    const properties = propertiesOf(tool);
    const rewritten: Record<string, unknown> = { ...properties };
    for (const [parameter, description] of Object.entries(override.parameters))
      rewritten[parameter] = { ...(properties[parameter] as Record<string, unknown>), description };
    return {
      ...tool,
      ...(override.description !== undefined ? { description: override.description } : {}),
      inputSchema: Object.keys(override.parameters).length > 0 ? { ...tool.inputSchema, properties: rewritten } : tool.inputSchema,
    };
  });
}

function propertiesOf(tool: ServerTool): Record<string, unknown> {
  const properties = tool.inputSchema.properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties) ? (properties as Record<string, unknown>) : {};
}

/** The session as the model's side sees it: tools/list rewritten, calls and everything else passed through. */
export function describedSession(session: McpSession, overrides: DescriptionOverrides): McpSession {
  return {
    era: session.era,
    ...(session.serverInfo ? { serverInfo: session.serverInfo } : {}),
    listTools: async () => applyDescriptions(await session.listTools(), overrides),
    callTool: (name, args, parent) => session.callTool(name, args, parent),
    close: () => session.close(),
  };
}

/** The fingerprint of a run served these overrides: the file's hash and the tools it rewrote join it. */
export function withDescriptions(fingerprint: ServerFingerprint, overrides: DescriptionOverrides): ServerFingerprint {
  return { ...fingerprint, descriptions: { file: overrides.file, sha256: overrides.sha256, tools: [...overrides.tools.keys()] } };
}
