/**
 * `mcpgate improve` below the CLI: files loaded and models built before anything runs (a bad file or
 * a missing key stops it first), then one session to the server for the whole loop.
 */

import { createHash } from 'node:crypto';
import { loadDescriptions, type DescriptionOverrides } from '../behavior/descriptions/index.js';
import { loadGoldenSet, withoutDrafts } from '../behavior/golden/index.js';
import { lexicalProposer } from '../behavior/improve/lexical-proposer.js';
import { improve, type ImproveOutcome } from '../behavior/improve/loop.js';
import { modelProposer } from '../behavior/improve/model-proposer.js';
import type { Proposer } from '../behavior/improve/types.js';
import type { GoldenSet } from '../behavior/types.js';
import type { CallStats } from '../models/types.js';
import { EXIT } from '../shared/exit-codes.js';
import { readNamedBytes } from '../shared/files.js';
import { InputError } from '../shared/input-error.js';
import { zFor } from '../gate/wilson.js';
import { defaultPriceTable } from '../telemetry/prices.js';
import { isWireError } from '../wire/errors.js';
import { openSession } from '../wire/session.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { sampleSettings, type EvalLayerOptions } from './eval-layer.js';
import { buildModels, type BuiltModels, type ModelSettings } from './models.js';

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

export interface ImproveLayerOptions extends ModelSettings, SharedEvalOptions {
  /** `lexical` for the offline heuristic, or a provider:model id. */
  proposer: string;
  proposalRounds: number;
  budget?: number;
  guard: number;
  top: number;
  confidence: number;
}

export interface PreparedImprove extends BuiltModels {
  options: ImproveLayerOptions;
  golden: GoldenSet;
  goldenSha256: string;
  proposer: Proposer;
  proposerStats?: CallStats;
  start?: DescriptionOverrides;
}

export function prepareImprove(options: ImproveLayerOptions): PreparedImprove {
  // Drafts are refused as eval refuses them: a placeholder prompt proves nothing about a description.
  const golden = withoutDrafts(loadGoldenSet(options.golden), false, () => {});
  const start = options.descriptions ? loadDescriptions(options.descriptions) : undefined;
  const built = buildModels(options);
  let proposer: Proposer = lexicalProposer;
  let proposerStats: CallStats | undefined;
  if (options.proposer !== 'lexical') {
    const [model] = buildModels({ ...options, models: [options.proposer], judge: undefined }).models;
    proposer = modelProposer(model!.client);
    proposerStats = model!.stats;
  }
  return {
    options,
    golden,
    goldenSha256: createHash('sha256').update(readNamedBytes(options.golden, 'golden set')).digest('hex'),
    proposer,
    ...(proposerStats ? { proposerStats } : {}),
    ...(start ? { start } : {}),
    ...built,
  };
}

export async function runImprove(prepared: PreparedImprove, onStep: (message: string) => void): Promise<ImproveOutcome> {
  const { options } = prepared;
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
    return await improve({
      session,
      golden: prepared.golden,
      goldenSha256: prepared.goldenSha256,
      models: prepared.models,
      proposer: prepared.proposer,
      ...(prepared.proposerStats ? { proposerStats: prepared.proposerStats } : {}),
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
  } finally {
    await session.close();
  }
}
