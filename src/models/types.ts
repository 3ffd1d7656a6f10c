/**
 * The model interface the behaviour layer drives: one step of a conversation in, one assistant turn
 * out. Providers (OpenAI, Anthropic, Google, OpenAI-compatible, Ollama through the Vercel AI SDK)
 * and the offline lexical baseline all implement it; the cache wraps it.
 */

import type { ServerTool } from '../spec/tool.js';

/** A tool as the model sees it: exactly what tools/list gave (name, description, input schema). */
export type ToolSpec = Pick<ServerTool, 'name' | 'description' | 'inputSchema'>;

export interface ToolCall {
  /** Provider-assigned id, echoed in the tool result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Provider-neutral conversation messages. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; toolName: string; content: string; isError?: boolean };

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

export interface ModelTurn {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** Provider's finish reason, e.g. "stop", "tool-calls", "length". */
  finishReason: string;
  /** Set by the cache wrapper when this turn was served from the cache (no provider call). */
  cached?: boolean;
  /**
   * The provider's time for this turn: its HTTP exchanges from send to last byte, retries included,
   * mcpgate's own work and waiting excluded. Absent when no provider was asked (cache, baseline).
   */
  wireMs?: number;
}

export interface GenerateRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
  /** Which independent sample this is (0..N-1); part of the cache key so repeats stay independent. */
  sampleIndex: number;
  temperature: number;
  maxOutputTokens?: number;
  /** `required`: the model must call one of the tools (an MRTR sampling request may ask so); default auto. */
  toolChoice?: 'auto' | 'required';
}

export interface ModelClient {
  /** `provider:model` as the user wrote it, e.g. `openai:gpt-4.1-mini`, or `baseline`. */
  readonly id: string;
  /** `llm` for real models; `lexical-baseline` for the bundled non-LLM selector. */
  readonly kind: 'llm' | 'lexical-baseline';
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<ModelTurn>;
}

/** Counts a run reports: calls that reached a provider, and answers served from the cache. */
export interface CallStats {
  providerCalls: number;
  cacheHits: number;
}

/**
 * Failures of the model side, typed so the CLI maps them to exit codes and cases to `error`.
 * `rejected-credentials`: the provider refused the key it was given (errors.ts), exit code 4.
 */
export class ModelError extends Error {
  constructor(
    readonly kind:
      'missing-credentials' | 'rejected-credentials' | 'unknown-provider' | 'bad-model-id' | 'provider-error' | 'timeout' | 'bad-response',
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
