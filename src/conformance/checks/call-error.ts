/**
 * A tool failure reported as a tool failure (server/tools#error-handling, the official
 * tools-call-error): a safe tool called with arguments its own inputSchema rejects (a value of
 * another type, outside an enum, a required property left out) must answer a result with
 * `isError: true` and a message the model can read, or JSON-RPC -32602. Serving the call, or
 * failing it with another error, hides the mistake from the model that made it.
 */

import { ErrorCode } from '../../spec/protocol.js';
import type { ListedTool } from '../../spec/tool.js';
import { summarizeAnswer } from '../../wire/era.js';
import { isRecord } from '../../shared/guards.js';
import { errorCodeOf } from '../../wire/jsonrpc.js';
import { pass, skip, violated, warn, type CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { invalidArguments } from '../sample-arguments.js';
import { resultOf } from './expect.js';
import { NO_TOOLS, validArguments } from './tool-calls.js';

interface BadCall {
  tool: ListedTool;
  args: Record<string, unknown>;
  how: string;
}

/** The first safe tool, within --max-calls of them, for which one change makes valid arguments invalid. */
async function badCall(ctx: CheckContext): Promise<BadCall | undefined> {
  for (const tool of (await ctx.callableTools()).slice(0, ctx.maxCalls)) {
    const valid = validArguments(tool);
    if (!valid) continue;
    const invalid = invalidArguments(tool.inputSchema ?? { type: 'object' }, valid);
    if (invalid.ok) return { tool, args: invalid.args, how: invalid.how };
  }
  return undefined;
}

/** The text of an isError result, for the message a model would read. */
function errorText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .filter((block) => isRecord(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => (block as { text: string }).text)
    .join(' ')
    .trim();
}

export const callErrorCheck: Omit<CheckDefinition, 'area'> = {
  id: 'tools.call-error',
  title: 'a call with arguments its schema rejects gets an isError result with a message, or -32602',
  level: 'MUST',
  spec: 'server/tools#error-handling',
  async run(ctx) {
    if (!ctx.hasCapability('tools')) return skip(NO_TOOLS);
    const call = await badCall(ctx);
    if (!call)
      return skip(
        'no safe tool has an input schema that one change of valid arguments makes invalid (or no tool may be called: see the coverage line)',
      );
    const { tool, args, how } = call;
    const exchange = await ctx.callTool(tool, args);
    const expected = 'a result with isError: true and a text message, or JSON-RPC error -32602';
    const evidence = [evidenceOf(exchange, expected, `${tool.name} with ${how}`)];
    if (errorCodeOf(exchange.response) === ErrorCode.InvalidParams) return pass(`${tool.name} with ${how}: -32602`, evidence);
    const result = resultOf(exchange);
    if (result?.isError === true) {
      const text = errorText(result);
      if (text === '')
        return warn(
          `${tool.name} with ${how} answered isError: true with no text saying what was wrong`,
          evidence,
          'say in a text content block which argument was wrong and why, so the model can correct its call',
        );
      return pass(`${tool.name} with ${how} answered isError: true: ${JSON.stringify(text.slice(0, 80))}`, evidence);
    }
    if (result?.resultType === 'input_required')
      return warn(`${tool.name} with ${how} asked for input (input_required) before judging its arguments`, evidence);
    if (result)
      return violated(
        `${tool.name} was served although its own inputSchema rejects the arguments (${how})`,
        evidence,
        'validate arguments against the inputSchema and answer invalid ones with isError: true and a message naming the argument',
      );
    return violated(
      `${tool.name} with ${how} should get an isError result or -32602; got ${summarizeAnswer(exchange)}`,
      evidence,
      'report bad arguments as a tool error (isError: true) or -32602; keep -32603 for faults of the server itself',
    );
  },
};
