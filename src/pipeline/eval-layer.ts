/**
 * Layer 1 as one call, shared by `mcpgate eval` and `mcpgate run`: golden set, prices and models
 * are loaded (a problem is a usage error), a session is opened through the tracing observer, the
 * cases run, and the result comes back with its verdict. CLI errors carry the documented exit codes.
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GoldenSetError, loadGoldenSet } from '../behavior/golden/index.js';
import { runEval, type EvalModel, type EvalOutcome, type EvalShard } from '../behavior/runner.js';
import { evalVerdict } from '../behavior/verdict.js';
import { EXIT } from '../shared/exit-codes.js';
import { withCache, type CacheMode } from '../models/cache.js';
import { createModel } from '../models/registry.js';
import { ModelError, type CallStats } from '../models/types.js';
import type { Verdict } from '../report/model.js';
import { defaultPriceTable, loadPriceTable, PriceTableError } from '../telemetry/prices.js';
import { createTracing } from '../telemetry/tracing.js';
import { isWireError } from '../wire/errors.js';
import { openSession, type McpSession } from '../wire/session.js';
import type { Target } from '../wire/target.js';
import { InputError, usageError } from '../shared/input-error.js';
import { progressReporter } from '../report/progress.js';

export interface EvalLayerOptions {
  target: Target;
  golden: string;
  models: string[];
  judge?: string;
  baseUrl?: string;
  runs: number;
  maxSteps: number;
  softFloor: number;
  cache: CacheMode;
  cacheDir: string;
  concurrency: number;
  allowTools: string[];
  headers: Record<string, string>;
  timeoutMs: number;
  modelTimeoutMs: number;
  prices?: string;
  shard?: EvalShard;
}

export interface EvalLayerResult {
  outcome: EvalOutcome;
  verdict: Verdict;
  era: McpSession['era'];
  serverInfo?: McpSession['serverInfo'];
}

/** Models from ids, each behind the response cache; a missing key is exit 4, an unknown provider exit 2. */
export function buildModels(options: Pick<EvalLayerOptions, 'models' | 'judge' | 'baseUrl' | 'cache' | 'cacheDir' | 'modelTimeoutMs'>): { models: EvalModel[]; judge?: EvalModel } {
  const build = (spec: string): EvalModel => {
    const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
    const client = createModel(spec, { baseUrl: options.baseUrl, timeoutMs: options.modelTimeoutMs });
    return { client: withCache(client, { dir: options.cacheDir, mode: options.cache }, stats), stats };
  };
  if (new Set(options.models).size !== options.models.length) throw usageError('the same model is given twice');
  try {
    return { models: options.models.map(build), ...(options.judge ? { judge: build(options.judge) } : {}) };
  } catch (error) {
    if (error instanceof ModelError) throw new InputError(error.message, error.kind === 'missing-credentials' ? EXIT.missingCredentials : EXIT.usage);
    throw error;
  }
}

function loadInputs(options: EvalLayerOptions) {
  try {
    return {
      golden: loadGoldenSet(options.golden),
      goldenSha256: createHash('sha256').update(readFileSync(options.golden)).digest('hex'),
      prices: options.prices ? loadPriceTable(options.prices) : defaultPriceTable(),
    };
  } catch (error) {
    if (error instanceof GoldenSetError || error instanceof PriceTableError) throw usageError(error.message);
    throw error;
  }
}

export async function runEvalLayer(options: EvalLayerOptions): Promise<EvalLayerResult> {
  const inputs = loadInputs(options);
  const { models, judge } = buildModels(options);
  const tracing = createTracing();
  let session: McpSession;
  try {
    session = await openSession(options.target, { timeoutMs: options.timeoutMs, maxResponseBytes: 4 * 1024 * 1024, headers: options.headers }, tracing);
  } catch (error) {
    await tracing.shutdown();
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
  const progress = progressReporter('evaluating');
  try {
    const outcome = await runEval({
      session,
      ...inputs,
      models,
      judge: judge?.client,
      runs: options.runs,
      maxSteps: options.maxSteps,
      temperature: 0,
      softFloor: options.softFloor,
      allowTools: options.allowTools,
      concurrency: options.concurrency,
      cacheMode: options.cache,
      tracing,
      ...(options.shard ? { shard: options.shard } : {}),
      onProgress: (done, total, label) => progress.update(done, total, label),
    });
    return { outcome, verdict: evalVerdict(outcome), era: session.era, ...(session.serverInfo ? { serverInfo: session.serverInfo } : {}) };
  } finally {
    progress.clear();
    await session.close();
    await tracing.shutdown();
  }
}
