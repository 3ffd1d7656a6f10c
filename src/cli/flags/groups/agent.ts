/** The agent group: how a golden case's samples are run and scored. */

import { EVAL_DEFAULTS } from '../../../pipeline/defaults.js';
import { fraction, positiveInteger } from '../../parse.js';
import { Flag } from '../flag.js';

/** How a sample is run and scored, for the commands that run golden cases (eval, improve). */
export function agentFlags() {
  return {
    runs: Flag.value('<n>', 'independent samples per case', positiveInteger).default(EVAL_DEFAULTS.runs).mirrors('eval.runs'),
    'max-steps': Flag.value('<n>', 'model calls allowed per user turn', positiveInteger)
      .default(EVAL_DEFAULTS.maxSteps)
      .mirrors('eval.max_steps'),
    'soft-floor': Flag.value('<fraction>', 'share of runs a soft case must pass (hard cases need all)', fraction)
      .default(EVAL_DEFAULTS.softFloor)
      .mirrors('eval.soft_floor'),
    concurrency: Flag.value('<n>', 'samples run at once', positiveInteger).default(EVAL_DEFAULTS.concurrency).mirrors('eval.concurrency'),
  } as const;
}
