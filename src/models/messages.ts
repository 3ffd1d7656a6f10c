/** ChatMessage[] and ToolSpec[] in the AI SDK's shapes (ModelMessage, tool set), and tool calls back. */

import { jsonSchema, tool, type ModelMessage, type Tool, type ToolResultPart } from 'ai';
import { ModelError, type ChatMessage, type ToolCall, type ToolSpec } from './types.js';
import { assertNever } from '../shared/guards.js';

/**
 * Tools without `execute`, so generateText hands the calls back instead of running them, and without
 * a validator, so a call whose arguments break the schema still reaches the scorer as the model made it.
 */
export function toToolSet(tools: ToolSpec[]): Record<string, Tool> {
  let set = toolSets.get(tools);
  if (set !== undefined) return set;
  set = {};
  for (const spec of tools) {
    set[spec.name] = tool({
      ...(spec.description === undefined ? {} : { description: spec.description }),
      inputSchema: jsonSchema(spec.inputSchema),
    });
  }
  toolSets.set(tools, set);
  return set;
}

/**
 * Tool sets by the spec list they came from. Every model call of a run sends the same list (the agent
 * keeps one per run), and the SDK reads a tool set without changing it, so the conversion, with the
 * schema wrappers the SDK caches its JSON Schema on, is made once per run instead of once per call.
 */
const toolSets = new WeakMap<ToolSpec[], Record<string, Tool>>();

export function toModelMessages(messages: ChatMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push({ role: message.role, content: message.content });
        break;
      case 'assistant':
        out.push({
          role: 'assistant',
          content: [
            ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
            ...(message.toolCalls ?? []).map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.name,
              input: call.arguments,
            })),
          ],
        });
        break;
      case 'tool': {
        const part: ToolResultPart = {
          type: 'tool-result',
          toolCallId: message.toolCallId,
          toolName: message.toolName,
          // error-text becomes Anthropic's is_error flag; the other providers send the text either way.
          output: { type: message.isError === true ? 'error-text' : 'text', value: message.content },
        };
        // Results of one assistant turn travel in one tool message, as the providers expect them.
        const previous = out.at(-1);
        if (previous?.role === 'tool') previous.content.push(part);
        else out.push({ role: 'tool', content: [part] });
        break;
      }
      default:
        assertNever(message, 'chat message');
    }
  }
  return out;
}

interface SdkToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * The SDK keeps a call whose arguments are not JSON, with the raw string as input (it marks it
 * invalid). A tool call's arguments must be an object, so that is an answer the harness cannot use.
 */
export function fromSdkToolCalls(calls: readonly SdkToolCall[]): ToolCall[] {
  return calls.map((call) => {
    const input = call.input ?? {};
    if (typeof input !== 'object' || Array.isArray(input)) {
      const shown = typeof input === 'string' ? input.slice(0, 120) : JSON.stringify(input);
      throw new ModelError('bad-response', `the model called ${call.toolName} with arguments that are not a JSON object: ${shown}`);
    }
    return { id: call.toolCallId, name: call.toolName, arguments: input as Record<string, unknown> };
  });
}
