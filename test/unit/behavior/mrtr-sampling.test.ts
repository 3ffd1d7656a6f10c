/**
 * A sampling request of an input_required result, answered by a model (src/behavior/mrtr/sampling.ts):
 * the request's messages, tool uses and tool results become the model's conversation, its tools the
 * model's tools, and the model's turn a CreateMessageResult of revision 2026-07-28.
 */

import { describe, expect, it } from 'vitest';
import { answerInput, clientCapabilitiesFor } from '../../../src/behavior/mrtr/answer.js';
import { samplingPlan, samplingResult } from '../../../src/behavior/mrtr/sampling.js';
import type { GenerateRequest, ModelClient, ModelTurn } from '../../../src/models/types.js';
import { validateDefinition } from '../../../src/spec/validate.js';

const LOOKUP = {
  name: 'lookup_figure',
  description: 'Look up one figure.',
  inputSchema: { type: 'object', properties: { figure: { type: 'string' } } },
};

function turn(fields: Partial<ModelTurn>): ModelTurn {
  return { text: '', toolCalls: [], usage: {}, finishReason: 'stop', ...fields };
}

/** A model that answers with `reply` and keeps what it was asked. */
function recording(reply: ModelTurn): { model: ModelClient; requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = [];
  return {
    requests,
    model: {
      id: 'scripted',
      kind: 'llm',
      generate: async (request) => {
        requests.push(request);
        return reply;
      },
    },
  };
}

/** The result's shape against the bundled 2026-07-28 definitions of its content blocks. */
function contentIssues(result: Record<string, unknown>): unknown[] {
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  return blocks.flatMap((block) => validateDefinition('SamplingMessageContentBlock', block));
}

describe('sampling with tools', () => {
  it('mcpgate declares sampling.tools', () => {
    expect(clientCapabilitiesFor([])).toMatchObject({ sampling: { tools: {} } });
  });

  it("the model's tool call is the result: tool_use blocks and stopReason toolUse; the exchange names the tools", async () => {
    const { model, requests } = recording(turn({ toolCalls: [{ id: 'call-1', name: 'lookup_figure', arguments: { figure: 'revenue' } }] }));
    const request = {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the report.' } }],
        maxTokens: 200,
        tools: [LOOKUP],
        toolChoice: { mode: 'auto' },
      },
    };
    const { response, exchange } = await answerInput(
      'plan',
      request,
      { sampler: model, inputs: [], roots: [], sampleIndex: 0, temperature: 0 },
      new Set(),
    );
    expect(requests[0]).toMatchObject({ messages: [{ role: 'user', content: 'Summarise the report.' }], tools: [LOOKUP] });
    expect(requests[0]!.toolChoice).toBeUndefined();
    expect(response).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call-1', name: 'lookup_figure', input: { figure: 'revenue' } }],
      model: 'scripted',
      stopReason: 'toolUse',
    });
    expect(contentIssues(response as Record<string, unknown>)).toEqual([]);
    // The validation would notice a malformed block.
    expect(contentIssues({ content: { type: 'tool_use', id: 'call-1' } })).not.toEqual([]);
    expect(exchange).toEqual({
      key: 'plan',
      kind: 'sampling',
      message: 'Summarise the report.',
      tools: ['lookup_figure'],
      answer: 'tool_use lookup_figure',
    });
  });

  it('text beside the tool calls comes first; a plain answer is one text block that ends the turn', () => {
    const both = samplingResult(turn({ text: 'Looking it up.', toolCalls: [{ id: 'c', name: 'lookup_figure', arguments: {} }] }), 'm');
    expect(both.content).toEqual([
      { type: 'text', text: 'Looking it up.' },
      { type: 'tool_use', id: 'c', name: 'lookup_figure', input: {} },
    ]);
    expect(contentIssues(both)).toEqual([]);
    const plain = samplingResult(turn({ text: 'Revenue rose.' }), 'm');
    expect(plain).toEqual({ role: 'assistant', content: { type: 'text', text: 'Revenue rose.' }, model: 'm', stopReason: 'endTurn' });
  });

  it("the server's own tool loop reaches the model as a conversation: its tool use, then the result named after it", () => {
    const plan = samplingPlan({
      systemPrompt: 'Be brief.',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarise the report.' } },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'lookup_figure', input: { figure: 'revenue' } }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: '4.2M' }], isError: false }],
        },
      ],
      tools: [LOOKUP],
      toolChoice: { mode: 'required' },
    });
    expect(plan).toEqual({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Summarise the report.' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'u1', name: 'lookup_figure', arguments: { figure: 'revenue' } }] },
        { role: 'tool', toolCallId: 'u1', toolName: 'lookup_figure', content: '4.2M' },
      ],
      tools: [LOOKUP],
      toolChoice: 'required',
    });
  });

  it('toolChoice none hides the tools; a tool without a name is left out; no tools, no tool choice', () => {
    expect(samplingPlan({ messages: [], tools: [LOOKUP], toolChoice: { mode: 'none' } })).toEqual({ messages: [], tools: [] });
    expect(samplingPlan({ messages: [], tools: [{ description: 'nameless' }, LOOKUP] }).tools).toEqual([LOOKUP]);
    expect(samplingPlan({ messages: [], toolChoice: { mode: 'required' } })).toEqual({ messages: [], tools: [] });
  });
});
