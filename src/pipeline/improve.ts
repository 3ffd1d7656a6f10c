/**
 * `mcpgate improve` below the CLI: files loaded, the split drawn and models built before anything runs
 * (a bad file, a split that holds nothing out, --paraphrases without a model or a missing key stops it
 * first); then the paraphrases, if asked for, and one session to the server for the whole loop.
 */

import { createHash } from 'node:crypto';
import { loadDescriptions, type DescriptionOverrides } from '../behavior/descriptions/index.js';
import { loadGoldenSet, withoutDrafts } from '../behavior/golden/index.js';
import { lexicalProposer } from '../behavior/improve/lexical-proposer.js';
import { CALLS_PER_SAMPLE, improve, type ImproveOutcome } from '../behavior/improve/loop.js';
import { modelProposer } from '../behavior/improve/model-proposer.js';
import { splitGolden, type Split } from '../behavior/improve/split.js';
import type { Proposer } from '../behavior/improve/types.js';
import { notRewordable, paraphraseGolden, type ParaphraseSet } from '../behavior/paraphrase/paraphrase.js';
import type { GoldenSet } from '../behavior/types.js';
import type { EvalModel } from '../behavior/runner.js';
import type { CallStats } from '../models/types.js';
import { EXIT } from '../shared/exit-codes.js';
import { readNamedBytes } from '../shared/files.js';
import { InputError, usageError } from '../shared/input-error.js';
import { zFor } from '../gate/wilson.js';
import { defaultPriceTable } from '../telemetry/prices.js';
import { isWireError } from '../wire/errors.js';
import { openSession } from '../wire/session.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { sampleSettings, type EvalLayerOptions } from './eval-layer.js';
import { buildModels, type BuiltModels, type ModelSettings } from './models.js';
import { paraphraseWriter, type ParaphraseOptions } from './paraphrase-writer.js';

/** What an eval takes, less what improve decides itself (prices, shards, drafts, trajectories). */
type SharedEvalOptions = Pick<
  EvalLayerOptions,
  | 'target'
  | 'golden'
  | 'descriptions'
  | 'runs'
  | 'maxSteps'
  | 'softFloor'
  | 'concurrency'
  | 'allowTools'
  | 'headers'
  | 'credentials'
  | 'timeoutMs'
>;

export interface ImproveLayerOptions extends ModelSettings, SharedEvalOptions, ParaphraseOptions {
  /** `lexical` for the offline heuristic, or a provider:model id. */
  proposer: string;
  proposalRounds: number;
  budget?: number;
  guard: number;
  top: number;
  confidence: number;
  /** The split: a hold-out fraction or k folds (neither: chosen by the size of the set), and its seed. */
  holdout?: number;
  folds?: number;
  seed: number;
}

export interface PreparedImprove extends BuiltModels {
  options: ImproveLayerOptions;
  golden: GoldenSet;
  goldenSha256: string;
  split: Split;
  proposer: Proposer;
  /** The proposer's and the paraphrase writer's calls (one entry when the proposer writes them). */
  otherStats: CallStats[];
  /** Writes the paraphrases when --paraphrases is given. */
  paraphraser?: EvalModel;
  start?: DescriptionOverrides;
}

export interface ImproveRun {
  outcome: ImproveOutcome;
  paraphrases?: ParaphraseSet;
}

export function prepareImprove(options: ImproveLayerOptions): PreparedImprove {
  // Drafts are refused as eval refuses them: a placeholder prompt proves nothing about a description.
  const golden = withoutDrafts(loadGoldenSet(options.golden), false, () => {});
  const start = options.descriptions ? loadDescriptions(options.descriptions) : undefined;
  const split = splitGolden(golden.cases, {
    seed: options.seed,
    ...(options.holdout !== undefined ? { holdout: options.holdout } : {}),
    ...(options.folds !== undefined ? { folds: options.folds } : {}),
  });
  const built = buildModels(options);
  let proposer: Proposer = lexicalProposer;
  let proposerModel: EvalModel | undefined;
  if (options.proposer !== 'lexical') {
    proposerModel = buildModels({ ...options, models: [options.proposer], judge: undefined }).models[0]!;
    proposer = modelProposer(proposerModel.client);
  }
  const paraphraser = paraphraseWriter(options, proposerModel, 'the proposer is the lexical heuristic');
  return {
    options,
    golden,
    goldenSha256: createHash('sha256').update(readNamedBytes(options.golden, 'golden set')).digest('hex'),
    split,
    proposer,
    otherStats: [...new Set([proposerModel?.stats, paraphraser?.stats].filter((s): s is CallStats => s !== undefined))],
    ...(paraphraser ? { paraphraser } : {}),
    ...(start ? { start } : {}),
    ...built,
  };
}

/**
 * Refuses a budget that cannot pay for the paraphrases and the first measurement before asking for any:
 * one call per case reworded (fewer when cached), then every case and rewording measured.
 */
function checkBudget(prepared: PreparedImprove): void {
  const { options } = prepared;
  if (options.budget === undefined) return;
  const llms = prepared.models.filter((m) => m.client.kind === 'llm').length;
  const reworded = options.paraphrases ? prepared.golden.cases.filter((c) => notRewordable(c) === undefined).length : 0;
  const needed = reworded + (prepared.golden.cases.length + reworded * (options.paraphrases ?? 0)) * options.runs * llms * CALLS_PER_SAMPLE;
  if (needed > options.budget)
    throw usageError(
      `--budget ${options.budget} is below the first measurement alone (about ${needed} provider calls${reworded > 0 ? `, paraphrases included` : ''}): raise it, or lower --runs${reworded > 0 ? ' or --paraphrases' : ''}`,
    );
}

export async function runImprove(prepared: PreparedImprove, onStep: (message: string) => void): Promise<ImproveRun> {
  const { options } = prepared;
  checkBudget(prepared);
  let session;
  try {
    session = await openSession(options.target, {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
      headers: options.headers,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  } catch (error) {
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
  try {
    let paraphrases: ParaphraseSet | undefined;
    if (prepared.paraphraser && options.paraphrases) {
      onStep(`asking ${prepared.paraphraser.client.id} for ${options.paraphrases} rewording(s) of each case`);
      paraphrases = await paraphraseGolden(prepared.golden, prepared.paraphraser.client, options.paraphrases, options.concurrency);
    }
    const outcome = await improve({
      session,
      golden: prepared.golden,
      goldenSha256: prepared.goldenSha256,
      models: prepared.models,
      proposer: prepared.proposer,
      otherStats: prepared.otherStats,
      split: prepared.split,
      ...(paraphrases ? { paraphrases: paraphrases.cases } : {}),
      ...(prepared.start ? { start: prepared.start } : {}),
      ...sampleSettings(options),
      prices: defaultPriceTable(),
      proposalRounds: options.proposalRounds,
      ...(options.budget !== undefined ? { budget: options.budget } : {}),
      guard: options.guard,
      top: options.top,
      z: zFor(options.confidence),
      onStep,
    });
    return { outcome, ...(paraphrases ? { paraphrases } : {}) };
  } finally {
    await session.close();
  }
}
