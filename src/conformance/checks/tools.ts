/** tools/list and tools/call (server/tools, basic/index#json-schema-usage). */

import type { Evidence } from '../../report/model.js';
import { defineChecks, pass, skip, violated, warn } from '../check.js';
import { incompleteBecause, unreadable, type ListOutcome } from '../../wire/pagination.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { compileToolSchema } from '../tool-schemas.js';
import { safeCalls } from '../calls.js';
import type { CheckContext } from '../context.js';
import { oncePerRun } from '../per-run.js';
import { callErrorCheck } from './call-error.js';
import { NO_TOOLS, callChecks } from './tool-calls.js';
import { unknownNameCheck } from './unknown-name.js';
import { xMcpHeaderProblems } from './x-mcp-header.js';
import { plural } from '../../shared/plural.js';

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function names(items: Array<Record<string, unknown>>): string[] {
  return items.map((t) => String(t.name));
}

/** Says when only the first part of the list was judged, because mcpgate stopped reading it. */
function readNote(listing: ListOutcome): string {
  return listing.capped ? ` (of the tools read: ${listing.capped})` : '';
}

function schemaCheck(which: 'inputSchema' | 'outputSchema') {
  return async (ctx: CheckContext) => {
    if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
    const listing = await ctx.list('tools/list');
    const failed = unreadable(listing);
    if (failed) return skip(`tools/list could not be read: ${failed}`);
    const tools = await ctx.tools();
    const withSchema = tools.filter((t) => which === 'inputSchema' || t.outputSchema !== undefined);
    if (withSchema.length === 0) return skip(which === 'inputSchema' ? 'the server lists no tools' : 'no tool declares an outputSchema');
    const failures: Evidence[] = [];
    const external: Evidence[] = [];
    const messages: string[] = [];
    const unchecked: string[] = [];
    for (const tool of withSchema) {
      const schema = tool[which];
      if (which === 'inputSchema' && (typeof schema !== 'object' || schema === null || (schema as { type?: unknown }).type !== 'object')) {
        messages.push(`${tool.name}: inputSchema root must be {"type": "object"}`);
        failures.push(valueEvidence(tool.name, schema, 'an object schema with "type": "object" at the root'));
        continue;
      }
      const compiled = compileToolSchema(schema);
      if (compiled.ok) {
        // Valid ECMA-262 that mcpgate's linear-time engine cannot run: the server is not at fault, but values go unchecked.
        for (const { pattern, reason } of compiled.unchecked.slice(0, 3)) {
          const shown = JSON.stringify(pattern.slice(0, 80));
          unchecked.push(`${tool.name}: pattern ${shown} is not checked (${reason}; mcpgate runs server patterns on a linear-time engine)`);
        }
        continue;
      }
      const evidence = valueEvidence(
        `${tool.name}.${which}`,
        schema,
        'a JSON Schema 2020-12 document (or of its declared $schema) that compiles, with every $ref resolvable',
      );
      if (compiled.kind === 'external-ref') {
        external.push(evidence);
        messages.push(`${tool.name}: ${compiled.message}`);
      } else {
        failures.push(evidence);
        messages.push(`${tool.name}: ${compiled.message}`);
      }
    }
    if (failures.length > 0) {
      return violated(
        messages.join(' | '),
        [...failures, ...external].slice(0, 4),
        'fix the schema so a 2020-12 validator compiles it; define every $ref target under $defs',
      );
    }
    if (external.length > 0) {
      return warn([...messages, ...unchecked].join(' | '), external.slice(0, 4), 'inline the referenced schema under $defs');
    }
    if (unchecked.length > 0) {
      return warn(
        unchecked.join(' | '),
        [],
        'to have them checked, write patterns without backreferences, lookaround or repeats over 1000',
      );
    }
    return pass(`${plural(withSchema.length, which)} compile as JSON Schema 2020-12 with every $ref resolvable${readNote(listing)}`);
  };
}

/**
 * tools/list read a second time on the run's connection, after one safe tool call: the order of
 * tools.list-order-stable and the set of tools.list-static are both judged on this one read, so a
 * run reads the whole list twice on its connection, not three times.
 */
const readAgain = oncePerRun(async (ctx: CheckContext) => {
  const call = (await safeCalls(ctx))[0];
  if (call) await ctx.callTool(call.tool, call.args, ctx.client);
  return { call, listing: await ctx.readList(ctx.client, 'tools/list') };
});

export const toolChecks = defineChecks('tools', [
  {
    id: 'tools.list-order-stable',
    title: 'tools/list returns the same order over two consecutive calls',
    level: 'SHOULD',
    spec: 'server/tools#listing-tools',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const first = await ctx.list('tools/list');
      const incomplete = incompleteBecause(first);
      if (incomplete) return skip(`tools/list could not be read completely: ${incomplete}`);
      const { listing: second } = await readAgain(ctx);
      const again = incompleteBecause(second);
      if (again) return skip(`tools/list could not be read completely a second time: ${again}`);
      // Only the relative order of tools present both times counts; set changes belong to tools.list-static.
      const common = new Set(names(second.items));
      const a = names(first.items).filter((n) => common.has(n));
      const inFirst = new Set(a);
      const b = names(second.items).filter((n) => inFirst.has(n));
      const evidence = [
        evidenceOf(first.pages[0]!, 'the same tool order as the next call', 'first tools/list'),
        evidenceOf(second.pages[0]!, `order ${JSON.stringify(a)}`, 'second tools/list'),
      ];
      if (a.join('\u0000') !== b.join('\u0000')) {
        return violated(
          `tool order changed between two calls: ${JSON.stringify(a.slice(0, 6))} then ${JSON.stringify(b.slice(0, 6))}`,
          evidence,
          'sort tools deterministically (for example by name) before paginating',
        );
      }
      return pass(`${a.length} tools in the same order twice`, evidence);
    },
  },
  {
    id: 'tools.list-static',
    title: 'the tool set does not change per connection or as a side effect of other requests',
    level: 'MUST',
    spec: 'server/utilities/pagination',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const before = await ctx.list('tools/list');
      const incomplete = incompleteBecause(before);
      if (incomplete) return skip(`tools/list could not be read completely: ${incomplete}`);
      // A second connection only reads: over stdio it may be the side process other probes take turns on.
      const elsewhere = await ctx.isolated((other) => ctx.readList(other, 'tools/list'), {
        http: 'new',
        clean: (list) => !list.problem && !list.capped,
      });
      const { call, listing: after } = await readAgain(ctx);
      const unfinished = incompleteBecause(elsewhere) ?? incompleteBecause(after);
      if (unfinished) return skip(`tools/list could not be read completely a second time: ${unfinished}`);
      const sets = [before, elsewhere, after].map((l) => names(l.items).sort().join(', '));
      const evidence = [
        evidenceOf(before.pages[0]!, 'the same set of tools on every connection', 'tools/list on the first connection'),
        evidenceOf(elsewhere.pages[0]!, `tools: ${sets[0]}`, 'tools/list on a second connection'),
        evidenceOf(after.pages[0]!, `tools: ${sets[0]}`, call ? `tools/list after calling ${call.tool.name}` : 'tools/list again'),
      ];
      if (sets[0] !== sets[1])
        return violated(
          `a second connection sees different tools: [${sets[1]}] instead of [${sets[0]}]`,
          evidence,
          'serve the same tool set to every connection',
        );
      if (sets[0] !== sets[2])
        return violated(
          `the tool set changed after other requests: [${sets[2]}] instead of [${sets[0]}]`,
          evidence,
          'do not change the tool set as a side effect of requests',
        );
      return pass(`the same ${before.items.length} tools on two connections${call ? ' and after a tool call' : ''}`, evidence);
    },
  },
  {
    id: 'tools.names',
    title: 'tool names are 1-128 characters of [A-Za-z0-9_.-] and unique',
    level: 'SHOULD',
    spec: 'server/tools#tool-names',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const listing = await ctx.list('tools/list');
      if (listing.problem) return skip(`tools/list could not be read completely: ${listing.problem}`);
      const tools = await ctx.tools();
      if (tools.length === 0) return skip(listing.capped ? `tools/list could not be read: ${listing.capped}` : 'the server lists no tools');
      const bad = tools.filter((t) => !TOOL_NAME.test(t.name)).map((t) => JSON.stringify(t.name));
      const seen = new Set<string>();
      const dupes = tools.filter((t) => (seen.has(t.name) ? true : (seen.add(t.name), false))).map((t) => t.name);
      if (bad.length > 0)
        return violated(
          `tool names outside [A-Za-z0-9_.-]{1,128}: ${bad.join(', ')}`,
          [],
          'rename the tools with letters, digits, _, - and . only',
        );
      if (dupes.length > 0) return violated(`duplicate tool names: ${dupes.join(', ')}`, [], 'make tool names unique');
      return pass(`${tools.length} tool names are valid and unique${readNote(listing)}`);
    },
  },
  {
    id: 'tools.input-schema-valid',
    title: 'every inputSchema is a valid JSON Schema 2020-12 object schema with every $ref resolvable',
    level: 'MUST',
    spec: 'server/tools#tool',
    run: schemaCheck('inputSchema'),
  },
  {
    id: 'tools.output-schema-valid',
    title: 'every outputSchema is a valid JSON Schema 2020-12 with every $ref resolvable',
    level: 'MUST',
    spec: 'server/tools#output-schema',
    run: schemaCheck('outputSchema'),
  },
  {
    id: 'tools.x-mcp-header',
    title: 'x-mcp-header annotations in tool schemas follow the header rules',
    level: 'MUST',
    spec: 'basic/transports/streamable-http#custom-headers-from-tool-parameters',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const tools = await ctx.tools();
      const problems = tools.flatMap((t) => xMcpHeaderProblems(t.inputSchema).map((p) => `${t.name}: ${p}`));
      if (problems.length > 0)
        return violated(
          problems.slice(0, 4).join(' | '),
          [],
          'put x-mcp-header only on string, integer or boolean properties reached through properties alone, with unique token names',
        );
      return pass('no x-mcp-header problems');
    },
  },
  unknownNameCheck({
    id: 'tools.unknown-tool',
    kind: 'tool',
    capability: 'tools',
    method: 'tools/call',
    page: 'server/tools#error-handling',
  }),
  ...callChecks,
  callErrorCheck,
]);
