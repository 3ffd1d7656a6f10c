/**
 * Checks that call tools. Only tools the safety rule allows are called (read-only, or named with
 * --allow-tool); see spec/tool-safety.ts.
 */

import type { Evidence } from '../../report/model.js';
import { ErrorCode } from '../../spec/protocol.js';
import type { ListedTool } from '../../spec/tool.js';
import { pass, skip, violated, type CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { synthesizeArguments } from '../sample-arguments.js';
import { compileToolSchema, describeValidationErrors } from '../tool-schemas.js';
import { errorCodeOf } from '../../wire/jsonrpc.js';
import { forEachInLanes } from '../../shared/lanes.js';
import { resultOf } from './expect.js';

export const NO_TOOLS = 'the server does not declare the tools capability';

/** Arguments that validate against the tool's own input schema (a fresh object per call), or undefined. */
export function validArguments(tool: ListedTool): Record<string, unknown> | undefined {
  const synthesized = synthesizeArguments(tool.inputSchema ?? { type: 'object' });
  return synthesized.ok ? synthesized.args : undefined;
}

/** The skip reason when no listed tool may be called at all: that, not the tool shapes, is why nothing was judged. */
async function noneCallable(ctx: CheckContext): Promise<string | undefined> {
  if ((await ctx.callableTools()).length > 0) return undefined;
  const all = (await ctx.tools()).length;
  return `no tool may be called: none of the ${all} listed is annotated readOnlyHint: true (name one with --allow-tool, or a call under check.calls in mcpgate.yaml)`;
}

async function callableNote(ctx: CheckContext): Promise<string> {
  const all = await ctx.tools();
  const callable = await ctx.callableTools();
  return `${callable.length} of ${all.length} tools may be called (read-only, or allowed with --allow-tool)`;
}

export const callChecks: Array<Omit<CheckDefinition, 'area'>> = [
  {
    id: 'tools.call-structured-content',
    title: 'tools with an outputSchema return structuredContent valid against it',
    level: 'MUST',
    spec: 'server/tools#output-schema',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const none = await noneCallable(ctx);
      if (none) return skip(none);
      const declaring = (await ctx.callableTools()).filter((t) => t.outputSchema !== undefined);
      if (declaring.length === 0) return skip(`no callable tool declares an outputSchema; ${await callableNote(ctx)}`);
      const candidates = declaring.slice(0, ctx.maxCalls);
      const findings: Array<{ problem: string; evidence: Evidence } | 'verified' | undefined> = [];
      // Each call is judged on its own, so they go out together: --concurrency at a time, and the
      // run's in-flight limit (the same figure) bounds them with every other check's requests.
      await forEachInLanes(candidates.length, ctx.concurrency, async (index) => {
        const tool = candidates[index]!;
        const args = validArguments(tool);
        const compiled = compileToolSchema(tool.outputSchema);
        if (!args || !compiled.ok) return;
        const exchange = await ctx.callTool(tool, args);
        const result = resultOf(exchange);
        if (!result || result.isError === true || result.resultType === 'input_required') return;
        const expected = `structuredContent valid against the outputSchema of ${tool.name}`;
        if (!('structuredContent' in result))
          findings[index] = { problem: `${tool.name} returned no structuredContent`, evidence: evidenceOf(exchange, expected, tool.name) };
        else if (!compiled.validate(result.structuredContent))
          findings[index] = {
            problem: `${tool.name}: ${describeValidationErrors(compiled.validate)}`,
            evidence: evidenceOf(exchange, expected, tool.name),
          };
        else findings[index] = 'verified';
      });
      const problems = findings.filter((f): f is { problem: string; evidence: Evidence } => typeof f === 'object');
      const verified = problems.length + findings.filter((f) => f === 'verified').length;
      const capped =
        declaring.length > candidates.length
          ? `; ${declaring.length - candidates.length} more tool(s) with an outputSchema were not called (mcpgate's cap --max-calls ${ctx.maxCalls})`
          : '';
      if (problems.length > 0)
        return violated(
          `structuredContent does not conform to the outputSchema: ${problems.map((p) => p.problem).join(' | ')}`,
          problems.slice(0, 3).map((p) => p.evidence),
          'return structuredContent that validates against the declared outputSchema',
        );
      if (verified === 0)
        return skip(
          `no call to a tool with an outputSchema returned a successful result with sample arguments (add "examples" to inputSchema properties); ${await callableNote(ctx)}${capped}`,
        );
      return pass(`${verified} tool call(s) returned structuredContent valid against the outputSchema${capped}`);
    },
  },
  {
    id: 'tools.input-validation',
    title: 'a call missing a required argument is rejected (isError result or -32602), not served',
    level: 'MUST',
    spec: 'server/tools#error-handling',
    async run(ctx) {
      if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
      const none = await noneCallable(ctx);
      if (none) return skip(none);
      const tools = await ctx.callableTools();
      const tool = tools.find(
        (t) =>
          Array.isArray((t.inputSchema as { required?: unknown } | undefined)?.required) &&
          (t.inputSchema as { required: unknown[] }).required.length > 0 &&
          validArguments(t),
      );
      if (!tool) return skip(`no callable tool has a required argument; ${await callableNote(ctx)}`);
      const args = validArguments(tool)!;
      const dropped = (tool.inputSchema as { required: string[] }).required[0]!;
      delete args[dropped];
      const exchange = await ctx.callTool(tool, args);
      const evidence = [evidenceOf(exchange, 'a result with isError: true, or JSON-RPC error -32602', `${tool.name} without "${dropped}"`)];
      const result = resultOf(exchange);
      if (result?.isError === true) return pass(`${tool.name} without "${dropped}" returned isError: true`, evidence);
      if (errorCodeOf(exchange.response) === ErrorCode.InvalidParams) return pass(`${tool.name} without "${dropped}" got -32602`, evidence);
      if (result)
        return violated(
          `${tool.name} was served although the required argument "${dropped}" was missing`,
          evidence,
          'validate tool arguments against inputSchema and answer invalid ones with isError: true',
        );
      return violated(
        `${tool.name} without "${dropped}" should get an isError result or -32602; got ${exchange.error?.message ?? `error ${errorCodeOf(exchange.response)}`}`,
        evidence,
      );
    },
  },
];
