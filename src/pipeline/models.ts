/**
 * The models a run uses, built from their ids before anything runs, each behind the response cache.
 * A missing API key is exit code 4 and an unknown provider exit code 2, found before layer 0 starts.
 */

import type { EvalModel } from '../behavior/runner.js';
import { withCache, type CacheMode } from '../models/cache.js';
import { createModel } from '../models/registry.js';
import { ModelError, type CallStats } from '../models/types.js';
import { EXIT } from '../shared/exit-codes.js';
import { InputError, usageError } from '../shared/input-error.js';

/** Which models to build and how they are reached; shared by layer 1 and the agent scenarios of layer 2. */
export interface ModelSettings {
  models: string[];
  judge?: string;
  /** Answers MRTR sampling requests instead of the model under test. */
  samplingModel?: string;
  baseUrl?: string;
  cache: CacheMode;
  cacheDir: string;
  modelTimeoutMs: number;
}

export interface BuiltModels {
  models: EvalModel[];
  judge?: EvalModel;
  sampler?: EvalModel;
}

/** `concurrency`: samples run at once; at 1 model calls are timed without the network thread (models/wire-clock.ts). */
export function buildModels(settings: ModelSettings & { concurrency?: number }): BuiltModels {
  const build = (spec: string): EvalModel => {
    const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
    const client = createModel(spec, { baseUrl: settings.baseUrl, timeoutMs: settings.modelTimeoutMs, concurrency: settings.concurrency });
    return { client: withCache(client, { dir: settings.cacheDir, mode: settings.cache }, stats), stats };
  };
  if (new Set(settings.models).size !== settings.models.length) throw usageError('the same model is given twice');
  try {
    return {
      models: settings.models.map(build),
      ...(settings.judge ? { judge: build(settings.judge) } : {}),
      ...(settings.samplingModel ? { sampler: build(settings.samplingModel) } : {}),
    };
  } catch (error) {
    if (error instanceof ModelError)
      throw new InputError(error.message, error.kind === 'missing-credentials' ? EXIT.missingCredentials : EXIT.usage);
    throw error;
  }
}
