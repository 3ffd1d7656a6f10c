/** The MRTR flags `mcpgate eval` and `mcpgate chaos` share, so the agent follows input_required the same way in both layers. */

import { Option } from 'commander';
import { DEFAULT_MRTR_LIMITS, type MrtrLimits } from '../behavior/mrtr/limits.js';
import { collectRoot, positiveInteger } from './parse.js';

export function maxRoundsOption(): Option {
  return new Option('--max-rounds <n>', 'MRTR input rounds answered per tool call before it counts as failed')
    .default(DEFAULT_MRTR_LIMITS.maxRounds)
    .argParser(positiveInteger('--max-rounds'));
}

export function rootOption(): Option {
  return new Option('--root <uri>', 'a file:// root the client declares to MRTR roots requests, repeatable')
    .argParser(collectRoot)
    .default([], 'none, roots not declared');
}

/** The caps on what a server may ask per round and on the sampling calls mcpgate pays for, beside --max-rounds. */
const BUDGETS: Array<{ flag: string; key: keyof MrtrLimits; configKey: string; help: string }> = [
  {
    flag: '--max-input-requests',
    key: 'maxInputRequests',
    configKey: 'eval.max_input_requests',
    help: 'MRTR input requests answered in one round; a round asking more is not answered and the call counts as failed',
  },
  {
    flag: '--max-sampling-calls',
    key: 'maxSamplingCalls',
    configKey: 'eval.max_sampling_calls',
    help: 'MRTR sampling requests answered per sample (model calls, cache hits included); past it the call counts as failed',
  },
  {
    flag: '--max-run-sampling-calls',
    key: 'maxRunSamplingCalls',
    configKey: 'eval.max_run_sampling_calls',
    help: 'MRTR sampling requests answered over the whole run; past it a sample is not measured',
  },
];

/** For eval and chaos, with the defaults. */
export function mrtrBudgetOptions(): Option[] {
  return BUDGETS.map(({ flag, key, help }) =>
    new Option(`${flag} <n>`, help).default(DEFAULT_MRTR_LIMITS[key]).argParser(positiveInteger(flag)),
  );
}

/** For run: unset unless given, so mcpgate.yaml's values stand. */
export function mrtrBudgetOverrides(): Option[] {
  return BUDGETS.map(({ flag, configKey, help }) =>
    new Option(`${flag} <n>`, `${help}, instead of ${configKey}`).argParser(positiveInteger(flag)),
  );
}
