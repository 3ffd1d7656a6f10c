/**
 * Mcp-Param-* headers at run time (basic/transports/streamable-http#custom-headers-from-tool-parameters,
 * checklist H5): a safe tool whose schema declares an x-mcp-header parameter is called with the
 * header as a client sends it, without it, with another value, and base64-encoded. tools.x-mcp-header
 * judges the declarations themselves.
 */

import {
  PARAM_HEADER_PREFIX,
  argumentAt,
  base64HeaderText,
  paramHeaderText,
  paramHeadersOf,
  type ParamHeader,
} from '../../spec/param-headers.js';
import { ErrorCode } from '../../spec/protocol.js';
import type { ListedTool } from '../../spec/tool.js';
import { summarizeAnswer } from '../../wire/era.js';
import type { Exchange } from '../../wire/exchange.js';
import { isRecord } from '../../shared/guards.js';
import { pass, skip, violated, type CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { expectError } from './expect.js';
import { validArguments } from './tool-calls.js';

interface Subject {
  tool: ListedTool;
  args: Record<string, unknown>;
  declaration: ParamHeader;
  value: unknown;
}

/** The schema with every property on `path` required, so that a synthesized call carries the argument. */
function requiring(schema: unknown, path: readonly string[]): unknown {
  if (!isRecord(schema) || path.length === 0) return schema;
  const [name, ...rest] = path as [string, ...string[]];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return {
    ...schema,
    properties: { ...properties, [name]: requiring(properties[name], rest) },
    required: required.includes(name) ? required : [...required, name],
  };
}

/** The first safe tool that declares a header parameter and for which a schema-valid call carrying it can be built. */
async function findSubject(ctx: CheckContext): Promise<Subject | undefined> {
  for (const tool of await ctx.callableTools()) {
    for (const declaration of paramHeadersOf(tool.inputSchema)) {
      const args = validArguments({ ...tool, inputSchema: requiring(tool.inputSchema, declaration.path) });
      const value = args ? argumentAt(args, declaration.path) : undefined;
      if (args && paramHeaderText(value) !== undefined) return { tool, args, declaration, value };
    }
  }
  return undefined;
}

/** A header value that names something else than `value`, in the header's own encoding. */
function otherValue(value: unknown): string {
  if (typeof value === 'number') return String(value + 1);
  if (typeof value === 'boolean') return String(!value);
  return `${String(value)}-mcpgate-other`;
}

export const paramHeaderCheck: Omit<CheckDefinition, 'area'> = {
  id: 'http.mcp-param-header',
  title: 'an x-mcp-header parameter must arrive in its Mcp-Param header: missing or different gets 400 and -32020, base64 is decoded',
  level: 'MUST',
  spec: 'basic/transports/streamable-http#custom-headers-from-tool-parameters',
  transports: ['http'],
  async run(ctx) {
    const subject = await findSubject(ctx);
    if (!subject)
      return skip('no safe tool declares an x-mcp-header parameter for which mcpgate could build a valid call (or none may be called)');
    const { tool, args, declaration, value } = subject;
    const header = `${PARAM_HEADER_PREFIX}${declaration.header}`;
    const argument = declaration.path.join('.');
    const call = (headers: Record<string, string | undefined>): Promise<Exchange> =>
      ctx.callTool(tool, args, ctx.client, { options: { headers } });
    const correct = await call({});
    const missing = await call({ [header]: undefined });
    const different = await call({ [header]: otherValue(value) });
    const encoded = await call({ [header]: base64HeaderText(String(paramHeaderText(value))) });
    const problems: string[] = [];
    const evidence = [];
    for (const [label, exchange] of [
      [`${header} as a client sends it`, correct],
      [`${header} base64-encoded`, encoded],
    ] as const) {
      if (expectError(exchange, ErrorCode.HeaderMismatch).ok) {
        problems.push(`${label} was refused with -32020`);
        evidence.push(evidenceOf(exchange, `the call served (not -32020): ${header} carries ${argument}`, `${tool.name}, ${label}`));
      }
    }
    for (const [label, exchange] of [
      [`without ${header}`, missing],
      [`${header}: ${otherValue(value)} while ${argument} is ${JSON.stringify(value)}`, different],
    ] as const) {
      const judged = expectError(exchange, ErrorCode.HeaderMismatch, 400);
      if (!judged.ok) {
        problems.push(`${label}: got ${summarizeAnswer(exchange)}`);
        evidence.push(evidenceOf(exchange, `JSON-RPC error ${ErrorCode.HeaderMismatch} with HTTP 400`, `${tool.name} ${label}`));
      }
    }
    if (problems.length > 0)
      return violated(
        `${tool.name}: ${problems.join('; ')}`,
        evidence.slice(0, 3),
        `compare each Mcp-Param header with its argument (decoding =?base64?…?= first, integers as numbers) and answer a missing or different header with HTTP 400 and -32020`,
      );
    return pass(
      `${tool.name}: ${header} was required, compared with ${argument} and decoded from base64 (${summarizeAnswer(correct)} with it)`,
      [evidenceOf(missing, `JSON-RPC error ${ErrorCode.HeaderMismatch} with HTTP 400`, `${tool.name} without ${header}`)],
    );
  },
};
