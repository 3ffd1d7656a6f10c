/** Probes of request parameters: wrong types, a tool that does not exist, an argument of 2 MiB. */

import { evidenceOf } from '../../conformance/evidence.js';
import { sampleArguments } from '../../conformance/sample-arguments.js';
import type { Evidence } from '../../report/model.js';
import { ErrorCode } from '../../spec/protocol.js';
import type { ListedTool } from '../../spec/tool.js';
import { isRecord } from '../../shared/guards.js';
import { grade, outcomeOf, worst, type Grade } from './judge.js';
import { defineProbes, nullIdError, probeId } from './probe.js';

export const OVERSIZED_BYTES = 2 * 1024 * 1024;

/** The first top-level string property of a tool's input schema, where a huge value is well-typed. */
function stringProperty(tool: ListedTool): string | undefined {
  const schema = isRecord(tool.inputSchema) ? tool.inputSchema : {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.keys(properties).find((name) => {
    const property = properties[name];
    return (
      isRecord(property) &&
      property.type === 'string' &&
      property.enum === undefined &&
      property.pattern === undefined &&
      property.format === undefined
    );
  });
}

export const paramProbes = defineProbes([
  {
    id: 'robust.wrong-param-types',
    title: 'parameters of the wrong type get -32602 (or an isError result), not a crash',
    level: 'MUST',
    spec: 'basic/index#error-codes',
    async run(ctx) {
      const grades: Grade[] = [];
      const seen: string[] = [];
      const evidence: Evidence[] = [];
      const listId = probeId('params');
      // params must be an object; 5 cannot even carry the required _meta. A method the server
      // serves: one without tools rightly answers tools/list -32601 before looking at params.
      const method = ctx.healthMethod;
      const list = await ctx.sendMalformed({
        body: JSON.stringify({ jsonrpc: '2.0', id: listId, method, params: 5 }),
        method,
        awaitId: listId,
        endWhen: nullIdError,
      });
      const listGrade = grade(list, { codes: [ErrorCode.InvalidParams, ErrorCode.InvalidRequest] });
      grades.push(listGrade.grade);
      seen.push(`${method} with params 5: ${listGrade.seen}`);
      evidence.push(evidenceOf(list, 'JSON-RPC error -32602 (or -32600)', 'params: 5'));
      const tool = ctx.callableTools[0];
      if (tool) {
        const callId = probeId('params');
        const body = ctx.requestText(callId, 'tools/call', { name: tool.name, arguments: 'x' });
        const call = await ctx.link.send({ body, method: 'tools/call', name: tool.name, awaitId: callId, endWhen: nullIdError });
        const callGrade = grade(call, { codes: [ErrorCode.InvalidParams], isErrorResult: true });
        grades.push(callGrade.grade);
        seen.push(`tools/call ${tool.name} with arguments "x": ${callGrade.seen}`);
        evidence.push(evidenceOf(call, 'JSON-RPC error -32602, or a result with isError: true', `arguments: "x" for ${tool.name}`));
      } else {
        seen.push('tools/call not probed: no tool may be called (none is read-only; see --allow-tool)');
      }
      return outcomeOf(
        worst(grades),
        seen.join('; '),
        evidence,
        'validate params and arguments before use; answer -32602 for the wrong type',
      );
    },
  },
  {
    id: 'robust.unknown-tool',
    title: 'tools/call of a tool that does not exist gets -32602 or an isError result',
    level: 'MUST',
    spec: 'server/tools#error-handling',
    async run(ctx) {
      const name = `mcpgate_no_such_tool_${probeId('tool').replace(/\D/g, '')}`;
      const id = probeId('unknown');
      const exchange = await ctx.link.send({
        body: ctx.requestText(id, 'tools/call', { name, arguments: {} }),
        method: 'tools/call',
        name,
        awaitId: id,
        endWhen: nullIdError,
      });
      const graded = grade(exchange, { codes: [ErrorCode.InvalidParams], isErrorResult: true });
      const evidence = [evidenceOf(exchange, 'JSON-RPC error -32602 or a result with isError: true', name)];
      return outcomeOf(graded.grade, `unknown tool ${name}: ${graded.seen}`, evidence, 'answer unknown tool names with -32602');
    },
  },
  {
    id: 'robust.oversized-arguments',
    title: 'a 2 MiB argument is refused cleanly (413, -32602, -32600, isError) or handled',
    level: 'MUST',
    spec: 'server/tools#error-handling',
    async run(ctx) {
      const huge = 'A'.repeat(OVERSIZED_BYTES);
      // A read-only tool with a free string property takes the value as well-typed input; without
      // one, an unknown tool name carries it, so nothing that writes is ever called.
      const tool = ctx.callableTools.find((t) => stringProperty(t) !== undefined);
      const property = tool ? stringProperty(tool)! : 'payload';
      const name = tool?.name ?? `mcpgate_no_such_tool_${probeId('big').replace(/\D/g, '')}`;
      const args = { ...(tool ? sampleArguments(tool.inputSchema) : {}), [property]: huge };
      const id = probeId('oversized');
      const exchange = await ctx.link.send({
        body: ctx.requestText(id, 'tools/call', { name, arguments: args }),
        method: 'tools/call',
        name,
        awaitId: id,
        endWhen: nullIdError,
      });
      const graded = grade(exchange, { codes: 'any', isErrorResult: true, anyResult: true, statuses: '4xx' });
      const evidence = [
        evidenceOf(
          exchange,
          'HTTP 413, a JSON-RPC error, an isError result, or a normal answer',
          `${name}.${property} = ${OVERSIZED_BYTES} bytes`,
        ),
      ];
      return outcomeOf(
        graded.grade,
        `${OVERSIZED_BYTES}-byte argument ${property} to ${name}: ${graded.seen}`,
        evidence,
        'cap request sizes and answer 413 or -32602 beyond the cap',
      );
    },
  },
]);
