/**
 * Layer 1 in two steps, shared by `mcpgate eval` and `mcpgate run`. Preparing loads the golden set and
 * the price table and builds the models, so a bad file or a missing key stops the run before anything
 * has run; running opens a session through the tracing observer, runs the cases and gives back the
 * result with its verdict.
 */

import { createHash } from 'node:crypto';
import { describedSession, loadDescriptions, withDescriptions, type DescriptionOverrides } from '../behavior/descriptions/index.js';
import { loadGoldenSet, withoutDrafts } from '../behavior/golden/index.js';
import { DEFAULT_MAX_ROUNDS } from '../behavior/mrtr/follow.js';
import { runEval, type EvalOutcome, type EvalShard } from '../behavior/runner.js';
import type { TrajectoryMode } from '../behavior/trajectories.js';
import { paraphraseGolden } from '../behavior/paraphrase/paraphrase.js';
import { paraphraseRobustness } from '../behavior/paraphrase/robustness.js';
import type { EvalModel } from '../behavior/runner.js';
import type { GoldenSet } from '../behavior/types.js';
import { evalVerdict } from '../behavior/verdict.js';
import type { Verdict } from '../report/model.js';
import { fingerprintOf } from '../spec/fingerprint.js';
import { progressReporter } from '../report/progress.js';
import { EXIT } from '../shared/exit-codes.js';
import { readNamedBytes } from '../shared/files.js';
import { InputError, usageError } from '../shared/input-error.js';
import { defaultPriceTable, loadPriceTable, type PriceTable } from '../telemetry/prices.js';
import { createTracing } from '../telemetry/tracing.js';
import { isWireError } from '../wire/errors.js';
import type { TokenProvider } from '../wire/credentials.js';
import { openSession, type McpSession } from '../wire/session.js';
import type { Target } from '../wire/target.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { buildModels, type BuiltModels, type ModelSettings } from './models.js';
import { paraphraseWriter, type ParaphraseOptions } from './paraphrase-writer.js';

/** Everything layer 1 needs, whichever way it was asked for: `mcpgate eval`'s flags or mcpgate.yaml's eval section. */
export interface EvalLayerOptions extends ModelSettings, ParaphraseOptions {
  target: Target;
  golden: string;
  runs: number;
  maxSteps: number;
  softFloor: number;
  concurrency: number;
  allowTools: string[];
  headers: Record<string, string>;
  /** The server's OAuth client, when one is configured (ConnectOptions.credentials). */
  credentials?: TokenProvider;
  timeoutMs: number;
  prices?: string;
  shard?: EvalShard;
  /** Skip `draft: true` cases with a warning instead of refusing the golden set (exit 2). */
  allowDrafts?: boolean;
  /** A descriptions file: its tools/list is served to the models in place of the server's. */
  descriptions?: string;
  trajectories?: TrajectoryMode;
  /** MRTR: input rounds per tool call (default 4) and the root URIs the client declares (default none). */
  maxRounds?: number;
  roots?: string[];
  /** MRTR: input requests answered per round (default 16), sampling answers per sample (64) and per run (2000). */
  maxInputRequests?: number;
  maxSamplingCalls?: number;
  maxRunSamplingCalls?: number;
}

/** The options with their files loaded and models built: nothing left that could fail as bad input. */
export interface PreparedEvalLayer extends BuiltModels {
  options: EvalLayerOptions;
  golden: GoldenSet;
  goldenSha256: string;
  prices: PriceTable;
  /** One warning per draft case skipped under allowDrafts, for the caller to print before the run. */
  draftWarnings: string[];
  descriptions?: DescriptionOverrides;
  /** Writes the rewordings of `--paraphrases N`. */
  paraphraser?: EvalModel;
}

export interface EvalLayerResult {
  outcome: EvalOutcome;
  verdict: Verdict;
  era: McpSession['era'];
  serverInfo?: McpSession['serverInfo'];
}

function loadPrices(file: string | undefined): PriceTable {
  return file ? loadPriceTable(file) : defaultPriceTable();
}

/** How every sample of an eval is run and scored; `improve` runs its samples the same way. */
export function sampleSettings(
  options: Pick<EvalLayerOptions, 'runs' | 'maxSteps' | 'softFloor' | 'allowTools' | 'concurrency' | 'cache'>,
) {
  return {
    runs: options.runs,
    maxSteps: options.maxSteps,
    temperature: 0,
    softFloor: options.softFloor,
    allowTools: options.allowTools,
    concurrency: options.concurrency,
    cacheMode: options.cache,
  };
}

export function prepareEvalLayer(options: EvalLayerOptions): PreparedEvalLayer {
  const draftWarnings: string[] = [];
  const golden = withoutDrafts(loadGoldenSet(options.golden), options.allowDrafts ?? false, (w) => draftWarnings.push(w));
  if (options.paraphrases !== undefined && options.shard)
    throw usageError(
      '--paraphrases and --shard: a shard holds part of the cases, the paraphrase figures need them all; run --paraphrases unsharded',
    );
  const built = buildModels(options);
  const paraphraser = paraphraseWriter(
    options,
    built.models.find((m) => m.client.kind === 'llm'),
    'no --model is one (the baseline ranks tools, it cannot write)',
  );
  return {
    options,
    golden,
    draftWarnings,
    goldenSha256: createHash('sha256').update(readNamedBytes(options.golden, 'golden set')).digest('hex'),
    prices: loadPrices(options.prices),
    ...(options.descriptions ? { descriptions: loadDescriptions(options.descriptions) } : {}),
    ...(paraphraser ? { paraphraser } : {}),
    ...built,
  };
}

export async function runEvalLayer(prepared: PreparedEvalLayer): Promise<EvalLayerResult> {
  const { options } = prepared;
  const tracing = await createTracing();
  let session: McpSession;
  try {
    session = await openSession(
      options.target,
      {
        timeoutMs: options.timeoutMs,
        maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
        headers: options.headers,
        ...(options.credentials ? { credentials: options.credentials } : {}),
      },
      tracing,
    );
  } catch (error) {
    await tracing.shutdown();
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
  const progress = progressReporter('evaluating');
  const served = prepared.descriptions ? describedSession(session, prepared.descriptions) : session;
  let failures = 0;
  try {
    const run = (golden: GoldenSet): Promise<EvalOutcome> =>
      runEval({
        session: served,
        golden,
        goldenSha256: prepared.goldenSha256,
        prices: prepared.prices,
        models: prepared.models,
        judge: prepared.judge?.client,
        ...sampleSettings(options),
        tracing,
        mrtr: {
          roots: options.roots ?? [],
          maxRounds: options.maxRounds ?? DEFAULT_MAX_ROUNDS,
          maxInputRequests: options.maxInputRequests,
          maxSamplingCalls: options.maxSamplingCalls,
          maxRunSamplingCalls: options.maxRunSamplingCalls,
          ...(prepared.sampler ? { sampler: prepared.sampler.client } : {}),
        },
        ...(prepared.sampler ? { samplerStats: prepared.sampler.stats } : {}),
        ...(options.shard ? { shard: options.shard } : {}),
        ...(options.trajectories ? { trajectories: options.trajectories } : {}),
        onProgress: (done, total, label, passed) => progress.update(done, total, label, (failures += passed ? 0 : 1)),
      });
    const outcome = await run(prepared.golden);
    if (prepared.paraphraser && options.paraphrases) {
      // Reworded and run after the golden set, on the same session; their figures stand apart and gate nothing.
      const set = await paraphraseGolden(prepared.golden, prepared.paraphraser.client, options.paraphrases, options.concurrency);
      const reworded = await run({ file: prepared.golden.file, cases: set.cases });
      outcome.report.paraphrases = paraphraseRobustness(set, outcome.report, reworded.report);
    }
    // The fingerprint names the real server and, beside it, the descriptions it was served with.
    if (prepared.descriptions)
      outcome.fingerprint = withDescriptions(fingerprintOf(await session.listTools(), session.serverInfo), prepared.descriptions);
    return { outcome, verdict: evalVerdict(outcome), era: session.era, ...(session.serverInfo ? { serverInfo: session.serverInfo } : {}) };
  } finally {
    progress.clear();
    await session.close();
    await tracing.shutdown();
  }
}
