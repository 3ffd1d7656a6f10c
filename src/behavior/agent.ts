/**
 * The agent loop of layer 1: the model sees the server's tools exactly as tools/list gave them,
 * its calls go to the real server, results go back to the model, and every step is recorded. The
 * loop is bounded; tools the safety rule forbids are not sent but answered with a refusal, so
 * the choice is still scored.
 */

import { performance } from 'node:perf_hooks';
import type { ChatMessage, ModelClient, ModelTurn, ToolCall, ToolSpec } from '../models/types.js';
import { toolSafety } from '../spec/tool-safety.js';
import type { ServerTool } from '../spec/tool.js';
import { isWireError } from '../wire/errors.js';
import type { McpSession } from '../wire/session.js';
import type { SpanHandle, Tracing } from '../telemetry/tracing.js';
import { followCall, type MrtrOptions, type SampleInputs } from './mrtr/follow.js';
import { DEFAULT_MRTR_LIMITS, isServerDemand, limitSentence, RunSamplingBudget } from './mrtr/limits.js';
import type { GoldenCase, Trajectory, TrajectoryCall, TrajectoryStep } from './types.js';

export interface AgentOptions {
  model: ModelClient;
  session: McpSession;
  tools: ServerTool[];
  allowTools: ReadonlySet<string>;
  /** Model calls allowed per user turn. */
  maxSteps: number;
  sampleIndex: number;
  temperature: number;
  systemPrompt?: string;
  signal?: AbortSignal;
  /** Spans for the sample, each model call and each tool call; trace context goes to the server. */
  tracing?: Tracing;
  /** How input_required answers are followed (MRTR); without it, sampling uses `model`, no roots, the default limits. */
  mrtr?: AgentMrtr;
}

export interface AgentMrtr {
  sampler?: ModelClient;
  roots: string[];
  maxRounds: number;
  /** Default 16. */
  maxInputRequests?: number;
  /** Sampling answers per sample; default 64. */
  maxSamplingCalls?: number;
  /** The run's sampling budget, shared by its samples; without it, this sample alone has the default run budget. */
  runBudget?: RunSamplingBudget;
}

export const DEFAULT_SYSTEM_PROMPT =
  'You are an assistant with access to tools. Use a tool only when the request needs it; otherwise answer directly. Never invent tool results.';

/** Specs by the tool list they came from: a run's samples share one list, so it is converted once per run. */
const specsOf = new WeakMap<ServerTool[], ToolSpec[]>();

export function toolSpecs(tools: ServerTool[]): ToolSpec[] {
  let specs = specsOf.get(tools);
  if (specs === undefined) {
    specs = tools.map((t) => ({
      name: t.name,
      ...(t.description !== undefined ? { description: t.description } : {}),
      inputSchema: t.inputSchema,
    }));
    specsOf.set(tools, specs);
  }
  return specs;
}

export async function runAgent(c: GoldenCase, options: AgentOptions): Promise<Trajectory> {
  const specs = toolSpecs(options.tools);
  const byName = new Map(options.tools.map((t) => [t.name, t]));
  const messages: ChatMessage[] = [{ role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT }];
  const steps: TrajectoryStep[] = [];
  let finalText = '';
  const sampleSpan = options.tracing?.startSample(c.id, options.model.id, options.sampleIndex);
  const mrtr = mrtrOptions(c, options);
  const inputs: SampleInputs = { answers: new Set(), samplingAnswers: 0 };

  try {
    for (const turn of c.turns) {
      messages.push({ role: 'user', content: turn });
      let answered = false;
      for (let step = 0; step < options.maxSteps; step++) {
        const started = performance.now();
        const generate = (): Promise<ModelTurn> =>
          options.model.generate(
            { messages: [...messages], tools: specs, sampleIndex: options.sampleIndex, temperature: options.temperature },
            options.signal,
          );
        const reply = await (sampleSpan && options.tracing
          ? options.tracing.traceChat(sampleSpan.context, options.model.id, options.temperature, generate)
          : generate());
        const record: TrajectoryStep = {
          // The provider's wire time when a provider answered: wall time here would add the wait behind other samples.
          modelMs: reply.wireMs ?? performance.now() - started,
          usage: reply.usage,
          text: reply.text,
          calls: [],
          cached: reply.cached === true,
        };
        steps.push(record);
        messages.push({ role: 'assistant', content: reply.text, ...(reply.toolCalls.length > 0 ? { toolCalls: reply.toolCalls } : {}) });
        if (reply.toolCalls.length === 0) {
          finalText = reply.text;
          answered = true;
          break;
        }
        for (const call of reply.toolCalls) {
          const toolSpan = sampleSpan && options.tracing?.startTool(sampleSpan.context, call.name, call.id);
          const outcome = await execute(call, byName.get(call.name), options, mrtr, inputs, toolSpan).finally(() => toolSpan?.span.end());
          record.calls.push(outcome);
          // The run's budget is spent: what the sample does next cannot be measured, so it stops here.
          if (outcome.limit && !isServerDemand(outcome.limit))
            return { steps, finalText, ended: 'error', error: limitSentence(outcome.limit) };
          messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content: outcome.result, isError: outcome.isError });
        }
      }
      if (!answered) return { steps, finalText, ended: 'max-steps' };
    }
    return { steps, finalText, ended: 'answered' };
  } catch (error) {
    const serverDown = isWireError(error) && (error.kind === 'exited' || error.kind === 'unreachable');
    return { steps, finalText, ended: 'error', error: (error as Error).message, ...(serverDown ? { serverDown } : {}) };
  } finally {
    sampleSpan?.span.end();
  }
}

async function execute(
  call: ToolCall,
  tool: ServerTool | undefined,
  options: AgentOptions,
  mrtr: MrtrOptions,
  inputs: SampleInputs,
  span?: SpanHandle,
): Promise<TrajectoryCall> {
  if (!tool) {
    return { ...call, result: `Error: there is no tool named "${call.name}".`, isError: true, serverMs: 0 };
  }
  const safety = toolSafety(tool, options.allowTools, 'non-destructive');
  if (!safety.callable) {
    return {
      ...call,
      refused: true,
      isError: true,
      serverMs: 0,
      result: `mcpgate did not run ${call.name}: it is ${safety.reason}, and evaluations call such tools only when allowed with --allow-tool. Nothing was executed; do not assume it succeeded.`,
    };
  }
  const followed = await followCall(options.session, call.name, call.arguments, mrtr, inputs, span?.context);
  const { result, rounds, sampling, limit } = followed;
  return {
    ...call,
    result: result.text,
    isError: result.isError,
    serverMs: followed.serverMs,
    ...(rounds.length > 0 ? { rounds } : {}),
    ...(sampling.length > 0 ? { sampling } : {}),
    ...(limit ? { limit } : {}),
  };
}

function mrtrOptions(c: GoldenCase, options: AgentOptions): MrtrOptions {
  return {
    sampler: options.mrtr?.sampler ?? options.model,
    inputs: c.inputs ?? [],
    roots: options.mrtr?.roots ?? [],
    maxRounds: options.mrtr?.maxRounds ?? DEFAULT_MRTR_LIMITS.maxRounds,
    maxInputRequests: options.mrtr?.maxInputRequests ?? DEFAULT_MRTR_LIMITS.maxInputRequests,
    maxSamplingCalls: options.mrtr?.maxSamplingCalls ?? DEFAULT_MRTR_LIMITS.maxSamplingCalls,
    runBudget: options.mrtr?.runBudget ?? new RunSamplingBudget(DEFAULT_MRTR_LIMITS.maxRunSamplingCalls),
    sampleIndex: options.sampleIndex,
    temperature: options.temperature,
    ...(options.signal ? { signal: options.signal } : {}),
  };
}
