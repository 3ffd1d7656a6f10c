/** The paraphrase group: rewordings of every golden prompt by a model, for eval and improve. */

import { positiveInteger } from '../../parse.js';
import { Flag } from '../flag.js';

/** `whoWrites`: which model writes them when --paraphrase-model is not given, as the command's help says it. */
export function paraphraseFlags(use: string, whoWrites: string) {
  return {
    paraphrases: Flag.value(
      '<n>',
      `ask a model for n rewordings of each single-turn case, with other names, places and numbers, ${use}; answers are cached like every model call`,
      positiveInteger,
    ),
    'paraphrase-model': Flag.value(
      '<provider:model>',
      `model that writes the paraphrases (default: ${whoWrites}; the lexical baseline cannot)`,
    ),
  } as const;
}
