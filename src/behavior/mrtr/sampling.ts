/**
 * A `sampling/createMessage` input request (2026-07-28) answered by a model: the request's
 * messages become the conversation (tool uses and tool results of the server's own loop included),
 * its `tools` the tools the model may call, and the model's turn the CreateMessageResult: text, or
 * `tool_use` blocks with `stopReason: "toolUse"` when it called tools. mcpgate runs none of those
 * tools; the server that offered them does, and asks again with their results.
 */

import type { ChatMessage, GenerateRequest, ModelTurn, ToolSpec } from '../../models/types.js';
import { isRecord } from '../../shared/guards.js';

export interface SamplingPlan {
  messages: ChatMessage[];
  tools: ToolSpec[];
  toolChoice?: GenerateRequest['toolChoice'];
}

export function samplingPlan(params: Record<string, unknown>): SamplingPlan {
  const mode = isRecord(params.toolChoice) ? params.toolChoice.mode : undefined;
  // mode "none": the model must not use tools, so it is not shown them.
  const tools = mode === 'none' ? [] : toolSpecs(params.tools);
  const messages: ChatMessage[] = [
    ...(typeof params.systemPrompt === 'string' ? [{ role: 'system' as const, content: params.systemPrompt }] : []),
    ...chatMessages(params.messages),
  ];
  return { messages, tools, ...(tools.length > 0 && mode === 'required' ? { toolChoice: 'required' as const } : {}) };
}

/** The CreateMessageResult of the model's turn. */
export function samplingResult(turn: ModelTurn, model: string): Record<string, unknown> {
  if (turn.toolCalls.length === 0) return { role: 'assistant', content: { type: 'text', text: turn.text }, model, stopReason: 'endTurn' };
  const uses = turn.toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments }));
  const content = turn.text.trim() === '' ? uses : [{ type: 'text', text: turn.text }, ...uses];
  return { role: 'assistant', content, model, stopReason: 'toolUse' };
}

function toolSpecs(tools: unknown): ToolSpec[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool): ToolSpec[] => {
    if (!isRecord(tool) || typeof tool.name !== 'string' || tool.name === '') return [];
    const inputSchema = isRecord(tool.inputSchema) ? tool.inputSchema : { type: 'object' };
    return [{ name: tool.name, ...(typeof tool.description === 'string' ? { description: tool.description } : {}), inputSchema }];
  });
}

/** SamplingMessages as chat messages: tool results become tool messages named after the tool use they answer. */
function chatMessages(messages: unknown): ChatMessage[] {
  if (!Array.isArray(messages)) return [];
  const toolNames = new Map<string, string>();
  const out: ChatMessage[] = [];
  for (const message of messages) {
    if (!isRecord(message)) continue;
    const blocks = (Array.isArray(message.content) ? message.content : [message.content]).filter(isRecord);
    const text = blocks
      .filter((block) => block.type !== 'tool_use' && block.type !== 'tool_result')
      .map(blockText)
      .join('\n');
    if (message.role === 'assistant') {
      const toolCalls = blocks
        .filter((block) => block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string')
        .map((block) => ({ id: block.id as string, name: block.name as string, arguments: isRecord(block.input) ? block.input : {} }));
      for (const call of toolCalls) toolNames.set(call.id, call.name);
      out.push({ role: 'assistant', content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}) });
      continue;
    }
    for (const block of blocks) {
      if (block.type !== 'tool_result' || typeof block.toolUseId !== 'string') continue;
      const content = (Array.isArray(block.content) ? block.content : []).filter(isRecord).map(blockText).join('\n');
      out.push({
        role: 'tool',
        toolCallId: block.toolUseId,
        toolName: toolNames.get(block.toolUseId) ?? '',
        content,
        ...(block.isError === true ? { isError: true } : {}),
      });
    }
    if (text !== '') out.push({ role: 'user', content: text });
  }
  return out;
}

/** Text as it is; images, audio and other blocks named, not sent. */
function blockText(block: Record<string, unknown>): string {
  return typeof block.text === 'string' ? block.text : `[${String(block.type)}]`;
}
