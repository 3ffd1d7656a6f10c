/** `mcpgate eval`'s flag table, and the type of its parsed values. */

import { DEFAULT_TRAJECTORY_MODE, TRAJECTORY_MODES } from '../../behavior/trajectories.js';
import { Flag } from '../flags/flag.js';
import { agentFlags } from '../flags/groups/agent.js';
import { displayFlags } from '../flags/groups/display.js';
import { modelFlags } from '../flags/groups/model.js';
import { mrtrFlags } from '../flags/groups/mrtr.js';
import { outputFlags } from '../flags/groups/output.js';
import { paraphraseFlags } from '../flags/groups/paraphrase.js';
import { allowToolFlags, targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { shardSpec } from '../parse.js';

export const FLAGS = {
  ...targetFlags({ timeout: 'per MCP request timeout in milliseconds' }),
  ...allowToolFlags('a destructive tool the agent may really call'),
  golden: Flag.value('<file>', 'golden set (YAML), e.g. golden/tasks.yaml').required().mirrors('eval.golden'),
  ...modelFlags({
    help: 'model to evaluate, repeatable for a cross-model matrix; `baseline` is the offline lexical selector',
    whenNone: 'baseline',
  }),
  judge: Flag.value('<provider:model>', 'pinned model that judges task completion against each rubric').mirrors('eval.judge'),
  ...agentFlags(),
  ...mrtrFlags(),
  'sampling-model': Flag.value('<provider:model>', 'model that answers MRTR sampling requests (default: the model under test)'),
  prices: Flag.value(
    '<file>',
    'price table (YAML/JSON: prices: {"provider:model": {input, output}} in USD per million tokens) over the defaults',
  ).mirrors('eval.prices'),
  shard: Flag.value(
    '<i/n>',
    'run only shard i of n (cases split by a stable hash of their id; combine the reports with `mcpgate merge`)',
    shardSpec,
  ),
  'allow-drafts': Flag.switch('skip golden cases marked `draft: true` with a warning, instead of refusing them (exit 2)').mirrors(
    'eval.allow_drafts',
  ),
  descriptions: Flag.value(
    '<file>',
    "YAML of tool -> description and parameter descriptions served to the models in place of the server's",
  ).mirrors('eval.descriptions'),
  ...paraphraseFlags(
    'run apart from the golden set to measure how the picks survive other wording (reported, never gated)',
    'the first --model that is a model',
  ),
  trajectories: Flag.value<string>('<which>', 'samples whose tool results and answer the report keeps: all, failing or none')
    .oneOf(TRAJECTORY_MODES)
    .default(DEFAULT_TRAJECTORY_MODE),
  ...displayFlags({ verbose: 'list every case, not only those below their floor or flaky' }),
  ...outputFlags(),
} as const;

export type EvalFlags = FlagValues<typeof FLAGS>;
