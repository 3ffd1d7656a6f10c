/** `--model` specs to ModelClients: providers through the AI SDK, and the bundled lexical baseline. */

import { createBaseline } from './baseline.js';
import { createConnectionGuard } from './connection-guard.js';
import { clockedFetch } from './wire-clock.js';
import { isKnownProvider, parseModelId, unknownProviderError } from './model-id.js';
import { createProviderModel, resolveProvider } from './providers.js';
import type { ModelClient } from './types.js';

export { KNOWN_PROVIDERS, parseModelId, type ModelId } from './model-id.js';

export interface ModelOptions {
  /** Overrides the provider's base URL (and its *_BASE_URL variable). */
  baseUrl?: string;
  /** Where keys and base URLs are read from; process.env unless given. */
  env?: NodeJS.ProcessEnv;
  /** Per generate() call, retries and their waits included. */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx and network failures, per generate() call. */
  maxRetries?: number;
  /**
   * Calls made at once by the run (its --concurrency). At 1 a call's time is taken on the main thread,
   * which has nothing else to do meanwhile; above, on the network thread (wire-clock.ts). Default 2.
   */
  concurrency?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;

/**
 * Resolves everything a call needs up front, so a missing key or a bad base URL fails before the
 * first case runs rather than once per case.
 */
export function createModel(spec: string, options: ModelOptions = {}): ModelClient {
  const id = parseModelId(spec);
  if (!isKnownProvider(id.provider)) throw unknownProviderError(spec, id.provider);
  if (id.provider === 'baseline') return createBaseline();
  const config = resolveProvider(id.provider, id, spec, { baseUrl: options.baseUrl, env: options.env ?? process.env });
  const guard = createConnectionGuard(spec.trim(), { inner: clockedFetch });
  // The AI SDK and the provider's package load on the first call: a command that names a model and
  // makes no call (a cached run, a failed check before layer 1) does not pay for them.
  return lazyClient(spec.trim(), async () => {
    const [{ createAiSdkClient }, setup] = await Promise.all([import('./ai-sdk-client.js'), createProviderModel(config, guard.fetch)]);
    return createAiSdkClient({
      id: spec.trim(),
      setup,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      networkThread: (options.concurrency ?? 2) > 1,
    });
  });
}

function lazyClient(id: string, load: () => Promise<ModelClient>): ModelClient {
  let loaded: Promise<ModelClient> | undefined;
  return {
    id,
    kind: 'llm',
    generate: async (request, signal) => (await (loaded ??= load())).generate(request, signal),
  };
}
