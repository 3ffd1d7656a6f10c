/** The MRTR group. */

import { DEFAULT_MRTR_LIMITS } from '../../../behavior/mrtr/limits.js';
import { positiveInteger, rootUri } from '../../parse.js';
import { Flag } from '../flag.js';

/** How the agent answers a server's input requests (MRTR), the same in every layer that runs a model. */
export function mrtrFlags() {
  return {
    'max-rounds': Flag.value('<n>', 'MRTR input rounds answered per tool call before it counts as failed', positiveInteger)
      .default(DEFAULT_MRTR_LIMITS.maxRounds)
      .mirrors('eval.max_rounds'),
    'max-input-requests': Flag.value(
      '<n>',
      'MRTR input requests answered in one round; a round asking more is not answered and the call counts as failed',
      positiveInteger,
    )
      .default(DEFAULT_MRTR_LIMITS.maxInputRequests)
      .mirrors('eval.max_input_requests'),
    'max-sampling-calls': Flag.value(
      '<n>',
      'MRTR sampling requests answered per sample (model calls, cache hits included); past it the call counts as failed',
      positiveInteger,
    )
      .default(DEFAULT_MRTR_LIMITS.maxSamplingCalls)
      .mirrors('eval.max_sampling_calls'),
    'max-run-sampling-calls': Flag.value(
      '<n>',
      'MRTR sampling requests answered over the whole run; past it a sample is not measured',
      positiveInteger,
    )
      .default(DEFAULT_MRTR_LIMITS.maxRunSamplingCalls)
      .mirrors('eval.max_run_sampling_calls'),
    root: Flag.list(
      '<uri>',
      'a file:// root the client declares to MRTR roots requests, repeatable',
      rootUri,
      'none, roots not declared',
    ).mirrors('eval.roots'),
  } as const;
}
