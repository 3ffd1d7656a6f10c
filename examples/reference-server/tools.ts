/**
 * tools/list and tools/call. The published catalog is built once from the definitions, with the
 * schema-level variants applied as edits to copies, so that listing and calling always agree on
 * what a tool is called and what it accepts.
 */

import { createHash } from 'node:crypto';
import { ErrorCode } from '../../src/spec/protocol.js';
import { checkArguments } from './argument-check.js';
import { checkParamHeaders, type HeaderMap } from './headers.js';
import { LIST_CACHE, isBroken, simulateCrash, type ServerConfig } from './config.js';
import { RpcFailure, isObject, type JsonObject } from './jsonrpc.js';
import { paginate } from './pagination.js';
import { LATE_TOOL, TOOL_DEFINITIONS, type ToolDefinition } from './tool-definitions.js';
import { TOOL_HANDLERS, type ToolHandler, type ToolOutcome } from './tool-handlers.js';
import { MRTR_TOOL_DEFINITIONS, callMrtrTool, isMrtrTool } from './mrtr-tools.js';
import { PROGRESS_TOOL, PROGRESS_TOOL_DEFINITION, countSteps } from './progress-tool.js';

/** Published after the domain tools, so that pagination and layer 1 see the domain tools first. */
const PROTOCOL_DEMO_TOOLS = [...MRTR_TOOL_DEFINITIONS, PROGRESS_TOOL_DEFINITION];

const PAGE_SIZE = 5;

interface ToolEntry {
  definition: ToolDefinition;
  /** Absent for MRTR tools, which callMrtrTool serves. */
  handler?: ToolHandler;
}

export interface ToolMethods {
  list(params: JsonObject): JsonObject;
  call(params: JsonObject, context: { connection?: string; headers?: HeaderMap }): JsonObject;
}

export function createToolMethods(config: ServerConfig): ToolMethods {
  const entries = [...TOOL_DEFINITIONS, ...PROTOCOL_DEMO_TOOLS].map((definition) =>
    entryFor(applySchemaBreaks(structuredClone(definition), config)),
  );
  const lateEntry = entryFor(LATE_TOOL);
  // Process-wide counters exist only to drive the variants that misbehave over time.
  let listCalls = 0;
  let anyToolCalled = false;

  function published(): ToolEntry[] {
    return isBroken(config, 'list-grows-after-call') && anyToolCalled ? [...entries, lateEntry] : entries;
  }

  return {
    list(params) {
      const page = paginate('tools', published(), PAGE_SIZE, params.cursor, {
        acceptInvalidCursor: isBroken(config, 'invalid-cursor-accepted'),
        loopForever: isBroken(config, 'cursor-loop'),
      });
      const tools = page.items.map((entry) => entry.definition);
      // unstable-tools-order: each read of the whole list (counted at its first page) shuffles every
      // page anew, so two reads differ however many other reads came in between (the first 300 reads
      // of the catalog are pairwise different, checked when this was written).
      if (params.cursor === undefined) listCalls += 1;
      const ordered = isBroken(config, 'unstable-tools-order') ? shuffle(tools, listCalls) : tools;
      return {
        ...(isBroken(config, 'unknown-result-type') ? { resultType: 'partial' } : {}),
        tools: ordered,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
        ...(isBroken(config, 'missing-cache-fields') ? {} : LIST_CACHE),
      };
    },

    call(params, context) {
      if (typeof params.name !== 'string') throw new RpcFailure(ErrorCode.InvalidParams, 'tools/call needs params.name (string)');
      const entry = published().find((candidate) => candidate.definition.name === params.name);
      if (!entry) return unknownTool(params.name, config);
      config.onToolCall?.(params.name);
      anyToolCalled = true;
      const args = params.arguments ?? {};
      if (!isObject(args)) throw new RpcFailure(ErrorCode.InvalidParams, 'tools/call params.arguments must be an object');
      if (context.headers && !isBroken(config, 'no-param-header-check'))
        checkParamHeaders(context.headers, entry.definition.inputSchema, args);
      if (!entry.handler) {
        const problems = checkArguments(entry.definition.inputSchema, args);
        if (problems.length > 0) return invalidArguments(entry.definition.name, problems);
        return callMrtrTool(entry.definition.name, params, args, context.connection ?? '', config);
      }
      return runTool(entry.definition, entry.handler, args, config);
    },
  };
}

function runTool(definition: ToolDefinition, handler: ToolHandler, args: JsonObject, config: ServerConfig): JsonObject {
  if (isBroken(config, 'input-not-validated')) return { ...handler(withExampleDefaults(definition.inputSchema, args)) };
  const problems = checkArguments(definition.inputSchema, args);
  // wrong-types-served: an argument of the wrong type is taken as it comes, and the call "succeeds".
  if (problems.length > 0 && isBroken(config, 'wrong-types-served') && problems.every((p) => / must be an? \w+, got /.test(p)))
    return { content: [{ type: 'text', text: `Served ${definition.name} with the arguments as given.` }] };
  if (problems.length > 0) return invalidArguments(definition.name, problems);
  const outcome = handler(args);
  if (isBroken(config, 'image-without-mime') && definition.name === 'get_weather' && !outcome.isError) {
    // Valid base64 (a PNG signature), so the only defect is the missing mimeType.
    return { ...outcome, content: [...outcome.content, { type: 'image', data: 'iVBORw0KGgo=' }] };
  }
  return { ...(isBroken(config, 'bad-structured-content') ? stringifyTemperature(outcome) : outcome) };
}

function invalidArguments(name: string, problems: readonly string[]): JsonObject {
  return { content: [{ type: 'text', text: `Invalid arguments for ${name}: ${problems.join('; ')}.` }], isError: true };
}

function unknownTool(name: string, config: ServerConfig): JsonObject {
  // crash-on-unknown-tool: "<tool>_<n>" is resolved as version n of a tool that does not exist. The
  // suffix is what mcpgate's probe name ends with and layer 0's __no_such_tool_<id> never does.
  if (isBroken(config, 'crash-on-unknown-tool') && /_\d+$/.test(name)) simulateCrash(`tools/call of the unknown versioned name ${name}`);
  const message = `Unknown tool "${name}". Call tools/list for the available tools.`;
  if (isBroken(config, 'unknown-tool-as-result')) return { content: [{ type: 'text', text: message }], isError: true };
  throw new RpcFailure(ErrorCode.InvalidParams, message, { name });
}

function entryFor(definition: ToolDefinition): ToolEntry {
  // MRTR tools read the whole request (state, responses, capabilities), so callMrtrTool serves them.
  if (isMrtrTool(definition.name)) return { definition };
  // bad-tool-name renames get_weather, so handlers are found by the name the definition was written with.
  if (definition.name === PROGRESS_TOOL) return { definition, handler: countSteps };
  const handler = TOOL_HANDLERS[definition.name === 'get weather!' ? 'get_weather' : definition.name];
  if (!handler) throw new Error(`tool ${definition.name} has no handler`);
  return { definition, handler };
}

function applySchemaBreaks(definition: ToolDefinition, config: ServerConfig): ToolDefinition {
  const input = definition.inputSchema as { properties: Record<string, JsonObject> };
  if (definition.name === 'get_weather') {
    if (isBroken(config, 'bad-tool-name')) definition.name = 'get weather!';
    if (isBroken(config, 'draft7-items-array')) {
      const output = definition.outputSchema as { properties: Record<string, JsonObject> };
      output.properties.coordinates = {
        type: 'array',
        items: [{ type: 'number' }, { type: 'number' }],
        description: 'Latitude, longitude.',
      };
    }
  }
  if (definition.name === 'search_invoices' && isBroken(config, 'dangling-ref')) {
    input.properties.date_range = { $ref: '#/$defs/Missing', description: 'Only invoices issued in this range.' };
  }
  // mrtr-tool-state-unbound also narrows the MRTR topic to an enum (a schema choice, not a defect), so
  // that only a replay with arguments the schema accepts can see the unbound state.
  if (isMrtrTool(definition.name) && isBroken(config, 'mrtr-tool-state-unbound')) {
    input.properties.topic = { ...input.properties.topic, enum: ['quarterly report', 'annual report', 'board report'] };
  }
  if (definition.name === 'convert_currency' && isBroken(config, 'number-header-param')) {
    input.properties.amount = { ...input.properties.amount, 'x-mcp-header': 'Amount' };
  }
  return definition;
}

/** input-not-validated: rather than reject a call, make one up from each missing property's examples. */
function withExampleDefaults(schema: JsonObject, args: JsonObject): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const filled = { ...args };
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    const property = properties[String(name)];
    if (!(String(name) in filled) && isObject(property) && Array.isArray(property.examples)) {
      filled[String(name)] = property.examples[0];
    }
  }
  return filled;
}

function stringifyTemperature(outcome: ToolOutcome): ToolOutcome {
  const structured = outcome.structuredContent;
  if (!structured || typeof structured.temperature !== 'number') return outcome;
  return { ...outcome, structuredContent: { ...structured, temperature: String(structured.temperature) } };
}

/** A fixed order for each seed: items sorted by a hash of their name and the seed. */
function shuffle<T extends { name: string }>(items: readonly T[], seed: number): T[] {
  const key = (item: T): string => createHash('sha256').update(`${seed}:${item.name}`).digest('hex');
  return [...items].sort((a, b) => key(a).localeCompare(key(b)));
}
