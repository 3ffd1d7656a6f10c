/**
 * How the agent answers the input requests of an input_required result (SEP-2322): sampling by the
 * model under test (or the --sampling-model), elicitation as the golden case scripts the user,
 * roots from the configured list. What was asked and answered is recorded for the trajectory.
 */

import type { ModelClient } from '../../models/types.js';
import { fillForm } from '../../spec/elicitation-form.js';
import type { InputAnswer, InputExchange, SamplingTurn } from '../types.js';
import { samplingPlan, samplingResult } from './sampling.js';
import { isRecord } from '../../shared/guards.js';

export interface InputAnswerer {
  /** Answers sampling requests. */
  sampler: ModelClient;
  /** The golden case's scripted elicitation answers; each is used once. */
  inputs: InputAnswer[];
  /** Root URIs the client declares; none: the roots capability is not declared. */
  roots: string[];
  sampleIndex: number;
  temperature: number;
  signal?: AbortSignal;
}

/** What mcpgate declares it can answer (sampling with tools: sampling.ts); roots only when some are configured. */
export function clientCapabilitiesFor(roots: string[]): Record<string, unknown> {
  return { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, ...(roots.length > 0 ? { roots: {} } : {}) };
}

/** Elicitation answers already spent, per sample (the same case script serves every round). */
export type SpentAnswers = Set<InputAnswer>;

export async function answerInput(
  key: string,
  request: unknown,
  answerer: InputAnswerer,
  spent: SpentAnswers,
): Promise<{ response: unknown; exchange: InputExchange; sampling?: SamplingTurn }> {
  const method = isRecord(request) ? request.method : undefined;
  const params = isRecord(request) && isRecord(request.params) ? request.params : {};
  if (method === 'elicitation/create') {
    const message = typeof params.message === 'string' ? params.message : '';
    const schema = params.requestedSchema;
    const fields = isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    const scripted = pickAnswer(message, answerer.inputs, spent);
    // A user with no scripted answer does not agree to anything.
    const action = scripted?.action ?? 'decline';
    const response: Record<string, unknown> = { action };
    if (action === 'accept' && params.mode !== 'url') response.content = scripted?.content ?? fillForm(schema);
    return { response, exchange: { key, kind: 'elicitation', message, ...(fields.length > 0 ? { fields } : {}), answer: action } };
  }
  if (method === 'sampling/createMessage') {
    const prompt = samplingPrompt(params.messages);
    const plan = samplingPlan(params);
    const reply = await answerer.sampler.generate(
      { ...plan, sampleIndex: answerer.sampleIndex, temperature: answerer.temperature },
      answerer.signal,
    );
    const used = reply.toolCalls.map((call) => call.name);
    return {
      response: samplingResult(reply, answerer.sampler.id),
      exchange: {
        key,
        kind: 'sampling',
        message: prompt,
        ...(plan.tools.length > 0 ? { tools: plan.tools.map((tool) => tool.name) } : {}),
        answer: used.length > 0 ? `tool_use ${used.join(', ')}` : 'answered',
      },
      sampling: { model: answerer.sampler.id, usage: reply.usage, cached: reply.cached === true },
    };
  }
  if (method === 'roots/list') {
    return { response: { roots: answerer.roots.map((uri) => ({ uri })) }, exchange: { key, kind: 'roots', answer: 'answered' } };
  }
  // An unknown kind gets no answer: the server may ask again, and the round bound ends it.
  return { response: undefined, exchange: { key, kind: 'unknown', answer: 'not answered' } };
}

function pickAnswer(message: string, inputs: InputAnswer[], spent: SpentAnswers): InputAnswer | undefined {
  const open = inputs.filter((input) => !spent.has(input));
  const chosen =
    open.find((input) => input.match !== undefined && message.includes(input.match)) ?? open.find((input) => input.match === undefined);
  if (chosen) spent.add(chosen);
  return chosen;
}

/** The text of the sampling messages, one per line (images and audio named, not sent). */
function samplingPrompt(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  return messages
    .flatMap((message) => {
      const content = isRecord(message) ? message.content : undefined;
      const blocks = Array.isArray(content) ? content : [content];
      return blocks.map((block) =>
        isRecord(block) && typeof block.text === 'string' ? block.text : isRecord(block) ? `[${String(block.type)}]` : '',
      );
    })
    .filter((text) => text !== '')
    .join('\n');
}
