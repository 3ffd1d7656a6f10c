/** The MRTR flags `mcpgate eval` and `mcpgate chaos` share, so the agent follows input_required the same way in both layers. */

import { Option } from 'commander';
import { DEFAULT_MAX_ROUNDS } from '../behavior/mrtr/follow.js';
import { collectRoot, positiveInteger } from './parse.js';

export function maxRoundsOption(): Option {
  return new Option('--max-rounds <n>', 'MRTR input rounds answered per tool call before it counts as failed')
    .default(DEFAULT_MAX_ROUNDS)
    .argParser(positiveInteger('--max-rounds'));
}

export function rootOption(): Option {
  return new Option('--root <uri>', 'a file:// root the client declares to MRTR roots requests, repeatable')
    .argParser(collectRoot)
    .default([], 'none, roots not declared');
}
