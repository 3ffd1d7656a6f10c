/**
 * ModelClient over the Vercel AI SDK: one generateText step per call. The SDK returns the model's
 * tool calls (tools have no execute) and the agent loop in behavior/ runs them against the server.
 *
 * Retries are the SDK's: APICallError with status 408, 409, 429 or 5xx, and network failures, are
 * retried up to maxRetries times; the wait is `retry-after-ms` or `Retry-After` (seconds or an HTTP
 * date) when the answer carries one below 60 s, otherwise exponential backoff from 2 s (2, 4, 8 s).
 * The timeout covers the whole call, waits included, and aborts the wait as well as the request.
 */

import { APICallError, generateText, RetryError } from 'ai';
import { toModelError } from './errors.js';
import { noteRejection } from './rejections.js';
import { fromSdkToolCalls, toModelMessages, toToolSet } from './messages.js';
import type { ProviderSetup } from './providers.js';
import { routeSdkWarningsToStderr, warnOnce } from './sdk-warnings.js';
import { onWireClock } from './wire-clock.js';
import { ModelError, type GenerateRequest, type ModelClient, type ModelTurn, type Usage } from './types.js';

export interface AiSdkClientOptions {
  id: string;
  setup: ProviderSetup;
  timeoutMs: number;
  maxRetries: number;
  /** Time calls on the network thread (wire-clock.ts); false when nothing else runs beside a call. */
  networkThread: boolean;
}

export function createAiSdkClient({ id, setup, timeoutMs, maxRetries, networkThread }: AiSdkClientOptions): ModelClient {
  routeSdkWarningsToStderr();
  // Flipped once a model has rejected the parameter, so later calls do not pay a failed request each.
  let sendTemperature = true;
  // Set once the provider has rejected the key: it is not sent again, every later call fails as the first did.
  let refused: ModelError | undefined;

  async function step(
    request: GenerateRequest,
    abortSignal: AbortSignal,
    withTemperature: boolean,
    headers: Record<string, string>,
  ): Promise<ModelTurn> {
    const hasTools = request.tools.length > 0;
    const sampling = {
      ...(withTemperature ? { temperature: request.temperature } : {}),
      ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    };
    const result = await generateText({
      model: setup.model,
      messages: toModelMessages(request.messages),
      // The system messages are mcpgate's own, not user input, so the SDK's injection warning does not apply.
      allowSystemInMessages: true,
      ...(hasTools ? { tools: toToolSet(request.tools), toolChoice: request.toolChoice ?? ('auto' as const) } : {}),
      ...sampling,
      maxRetries,
      abortSignal,
      headers,
      providerOptions: setup.providerOptions(sampling),
    });
    return {
      text: result.text,
      toolCalls: fromSdkToolCalls(result.toolCalls),
      usage: usageOf(result.usage),
      finishReason: result.finishReason,
    };
  }

  return {
    id,
    kind: 'llm',
    async generate(request, signal) {
      if (refused) throw refused;
      const timeout = AbortSignal.timeout(timeoutMs);
      const abortSignal = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
      const attempt = async (clockHeaders: Record<string, string>): Promise<ModelTurn> => {
        try {
          return await step(request, abortSignal, sendTemperature, clockHeaders);
        } catch (error) {
          if (!sendTemperature || !rejectsTemperature(error)) throw error;
          // Reasoning models the SDK does not recognise (new ids, or behind a compatible endpoint)
          // answer 400 to any temperature; the SDK already drops it for the ones it knows. Only a
          // retry that then succeeds proves it was the temperature.
          const turn = await step(request, abortSignal, false, clockHeaders);
          sendTemperature = false;
          warnOnce(`${id}/temperature`, `${id} rejects temperature; calling it without one, so its samples may vary more`);
          return turn;
        }
      };
      try {
        const { value: turn, clock } = await onWireClock(attempt, networkThread);
        return clock.exchanges > 0 ? { ...turn, wireMs: clock.ms } : turn;
      } catch (error) {
        if (timeout.aborted && signal?.aborted !== true) {
          throw new ModelError('timeout', `${id}: no answer within ${timeoutMs} ms`);
        }
        if (signal?.aborted === true) throw error;
        const failure = toModelError(error, id);
        if (failure.kind === 'rejected-credentials') {
          refused = failure;
          noteRejection(failure);
        }
        throw failure;
      }
    },
  };
}

function usageOf(usage: { inputTokens: number | undefined; outputTokens: number | undefined }): Usage {
  return {
    ...(usage.inputTokens === undefined ? {} : { inputTokens: usage.inputTokens }),
    ...(usage.outputTokens === undefined ? {} : { outputTokens: usage.outputTokens }),
  };
}

/**
 * OpenAI: `"param": "temperature"` / "Unsupported parameter: 'temperature' ..."; others word it as
 * "temperature is not supported" or "deprecated". Narrow on purpose: a 400 about a tool schema with
 * a `temperature` property is not this.
 */
const TEMPERATURE_REJECTED =
  /"param"\s*:\s*"temperature"|\b(?:unsupported|not supported|does not support)\b[^.]{0,40}\btemperature\b|\btemperature\b[^.]{0,60}\b(?:not supported|unsupported|deprecated)\b/i;

function rejectsTemperature(error: unknown): boolean {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  return (
    APICallError.isInstance(last) && last.statusCode === 400 && TEMPERATURE_REJECTED.test(`${last.message} ${last.responseBody ?? ''}`)
  );
}
