/**
 * Which model writes the paraphrases of `--paraphrases N`: `--paraphrase-model`, else the command's
 * own writer (improve's proposer, eval's first model), built behind the model cache like every other
 * model. Without a model that writes text the flag is refused before anything runs (exit 2): the
 * lexical baseline and the lexical proposer rank and copy words, they cannot reword a request.
 */

import type { EvalModel } from '../behavior/runner.js';
import { usageError } from '../shared/input-error.js';
import { buildModels, type ModelSettings } from './models.js';

export interface ParaphraseOptions {
  /** Rewordings asked per case. */
  paraphrases?: number;
  paraphraseModel?: string;
}

/** `fallback`: the command's model that writes when no --paraphrase-model is given; `whyNot`: why there is none. */
export function paraphraseWriter(
  options: ParaphraseOptions & ModelSettings,
  fallback: EvalModel | undefined,
  whyNot: string,
): EvalModel | undefined {
  if (options.paraphrases === undefined) {
    if (options.paraphraseModel !== undefined) throw usageError('--paraphrase-model names who writes the paraphrases: add --paraphrases N');
    return undefined;
  }
  if (options.paraphraseModel !== undefined) {
    const [writer] = buildModels({ ...options, models: [options.paraphraseModel], judge: undefined, samplingModel: undefined }).models;
    if (writer!.client.kind !== 'llm')
      throw usageError(`--paraphrase-model ${options.paraphraseModel} is the lexical baseline: it cannot write rewordings; name a model`);
    return writer;
  }
  if (fallback?.client.kind === 'llm') return fallback;
  throw usageError(`--paraphrases needs a model to write the rewordings, and ${whyNot}, e.g. --paraphrase-model openai:gpt-4.1-mini`);
}
