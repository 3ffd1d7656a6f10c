/**
 * One AI SDK language model per provider, with its key and base URL resolved from the options and
 * the environment given, never from process.env behind the caller's back: every setting is passed
 * explicitly, because the provider packages would otherwise fall back to process.env themselves.
 * Every key is registered as a secret as it is read, so no message or report can show it.
 */

import type { LanguageModel } from 'ai';
import { registerSecret } from '../shared/redact.js';
import type { ModelId, ProviderName } from './model-id.js';
import { ModelError } from './types.js';
import { clockedFetch } from './wire-clock.js';
import { assertNever } from '../shared/guards.js';

export type LlmProvider = Exclude<ProviderName, 'baseline'>;

type JsonObject = { [key: string]: JsonValue };
type JsonValue = null | string | number | boolean | JsonObject | JsonValue[];

export interface ProviderSetup {
  model: Exclude<LanguageModel, string>;
  /** generateText's providerOptions for one call's sampling settings. */
  providerOptions: (sampling: Sampling) => Record<string, JsonObject>;
}

export interface Sampling {
  temperature?: number;
  maxOutputTokens?: number;
}

const none = (): Record<string, JsonObject> => ({});

export interface ProviderEnv {
  baseUrl: string | undefined;
  env: NodeJS.ProcessEnv;
}

const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434/api';

/** What a provider's model needs, checked when the model is named: the key is set, the base URL is usable. */
export type ProviderConfig =
  | { provider: 'openai' | 'openai-chat' | 'anthropic' | 'google'; model: string; apiKey: string; baseURL: string }
  | { provider: 'openai-compatible'; model: string; apiKey: string | undefined; baseURL: string }
  | { provider: 'ollama'; model: string; baseURL: string };

/**
 * Reads the key and the base URL of `provider` and checks them, so that a missing key or a bad base
 * URL fails before anything runs; no provider package is loaded yet (createProviderModel does that).
 */
export function resolveProvider(provider: LlmProvider, id: ModelId, spec: string, { baseUrl, env }: ProviderEnv): ProviderConfig {
  switch (provider) {
    case 'openai':
    case 'openai-chat':
      return {
        provider,
        model: id.model,
        apiKey: requireKey(env, 'OPENAI_API_KEY'),
        baseURL: checkedUrl(spec, baseUrl ?? env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1'),
      };
    case 'anthropic':
      return {
        provider,
        model: id.model,
        apiKey: requireKey(env, 'ANTHROPIC_API_KEY'),
        baseURL: checkedUrl(spec, baseUrl ?? env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com/v1'),
      };
    case 'google':
      return {
        provider,
        model: id.model,
        apiKey: requireKey(env, 'GOOGLE_GENERATIVE_AI_API_KEY'),
        baseURL: checkedUrl(spec, baseUrl ?? env.GOOGLE_GENERATIVE_AI_BASE_URL ?? 'https://generativelanguage.googleapis.com/v1beta'),
      };
    case 'openai-compatible': {
      const given = baseUrl ?? env.OPENAI_COMPATIBLE_BASE_URL;
      if (given === undefined || given.trim() === '') {
        throw new ModelError(
          'bad-model-id',
          `model "${spec}" needs a base URL ending in /v1: pass --base-url (for example http://127.0.0.1:8000/v1) or set OPENAI_COMPATIBLE_BASE_URL`,
        );
      }
      const apiKey = nonEmpty(env.OPENAI_COMPATIBLE_API_KEY);
      if (apiKey !== undefined) registerSecret(apiKey);
      return { provider, model: id.model, apiKey, baseURL: checkedUrl(spec, given, '/v1') };
    }
    case 'ollama':
      return { provider, model: id.model, baseURL: checkedUrl(spec, baseUrl ?? env.OLLAMA_BASE_URL ?? DEFAULT_OLLAMA_URL, '/api') };
    default:
      return assertNever(provider, 'provider');
  }
}

/**
 * The AI SDK model for a resolved provider. Each provider package is loaded here, when its first call
 * is made: a run loads the one it uses, and a run with the offline baseline none.
 */
export async function createProviderModel(config: ProviderConfig, fetch?: typeof globalThis.fetch): Promise<ProviderSetup> {
  // Every provider exchange is timed on the network thread; the caller may wrap that fetch (the connection guard).
  const viaFetch = { fetch: fetch ?? clockedFetch };
  switch (config.provider) {
    case 'openai':
    case 'openai-chat': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, ...viaFetch });
      if (config.provider === 'openai-chat') return { model: openai.chat(config.model), providerOptions: none };
      // The harness resends the whole conversation each step, so nothing needs to live on OpenAI's
      // side; store: false keeps eval traffic (which carries the server's tool output) out of it.
      return { model: openai.responses(config.model), providerOptions: () => ({ openai: { store: false } }) };
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return {
        model: createAnthropic({ apiKey: config.apiKey, baseURL: config.baseURL, ...viaFetch })(config.model),
        providerOptions: none,
      };
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      const google = createGoogleGenerativeAI({ apiKey: config.apiKey, baseURL: config.baseURL, ...viaFetch });
      return { model: google(config.model), providerOptions: none };
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL,
        ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
        // Without it most servers (vLLM, llama.cpp, OpenRouter) omit token counts from the answer.
        includeUsage: true,
        ...viaFetch,
      });
      return { model: compatible.chatModel(config.model), providerOptions: none };
    }
    case 'ollama': {
      const { createOllama } = await import('ollama-ai-provider-v2');
      // The provider puts temperature and max tokens at the top of the /api/chat body, where Ollama
      // ignores them (it reads `options` only) and samples at its default of 0.8.
      const ollamaOptions = ({ temperature, maxOutputTokens }: Sampling): Record<string, JsonObject> => ({
        ollama: {
          options: {
            ...(temperature === undefined ? {} : { temperature }),
            ...(maxOutputTokens === undefined ? {} : { num_predict: maxOutputTokens }),
          },
        },
      });
      return { model: createOllama({ baseURL: config.baseURL, ...viaFetch })(config.model), providerOptions: ollamaOptions };
    }
    default:
      return assertNever(config, 'provider');
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function requireKey(env: NodeJS.ProcessEnv, variable: string): string {
  const key = nonEmpty(env[variable]);
  if (key === undefined) {
    throw new ModelError('missing-credentials', `${variable} is not set: export it, or choose another --model`);
  }
  registerSecret(key);
  return key;
}

/**
 * A base URL must be http(s). A bare host (`http://127.0.0.1:8000`) is the most common slip with
 * OpenAI-compatible servers and Ollama, and ends in 404s on every call; the expected path suffix is
 * added for it. Any other path is kept as given: Gemini's and Azure's compatible endpoints do not end
 * in /v1.
 */
function checkedUrl(spec: string, raw: string, bareHostSuffix?: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ModelError('bad-model-id', `model "${spec}": base URL "${raw}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelError('bad-model-id', `model "${spec}": base URL "${raw}" must start with http:// or https://`);
  }
  const withoutSlash = url.toString().replace(/\/+$/, '');
  return bareHostSuffix !== undefined && url.pathname.replace(/\/+$/, '') === '' ? withoutSlash + bareHostSuffix : withoutSlash;
}
