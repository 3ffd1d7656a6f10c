/** `mcpgate run`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { displayFlags, QUIET_WITH_COVERAGE } from '../flags/groups/display.js';
import { modelListFlag } from '../flags/groups/model.js';
import { mrtrFlags } from '../flags/groups/mrtr.js';
import type { FlagValues } from '../flags/table.js';
import { shardSpec } from '../parse.js';

const MRTR = mrtrFlags();

export const FLAGS = {
  config: Flag.value('<file>', 'configuration file; the paths in it are relative to its folder').default('mcpgate.yaml'),
  'allow-drafts': Flag.switch('skip golden cases marked `draft: true` with a warning').mirrors('eval.allow_drafts'),
  'check-only': Flag.switch('run layer 0 alone, whatever else mcpgate.yaml configures (no model calls, no keys)'),
  'list-models': Flag.switch(
    'print the models the run would evaluate as a JSON list and exit, running nothing and reading no key (a CI matrix)',
  ),
  shard: Flag.value(
    '<i/n>',
    'run only shard i of n of the golden set (layer 2 in shard 1 alone); not gated nor recorded: `mcpgate merge` the shards, then `mcpgate gate` the merged report',
    shardSpec,
  ),
  // mcpgate.yaml's values stand unless a flag is given.
  model: modelListFlag('evaluate this model (repeatable)', 'eval.models').overridingConfig(),
  'max-rounds': MRTR['max-rounds'].overridingConfig(),
  'max-input-requests': MRTR['max-input-requests'].overridingConfig(),
  'max-sampling-calls': MRTR['max-sampling-calls'].overridingConfig(),
  'max-run-sampling-calls': MRTR['max-run-sampling-calls'].overridingConfig(),
  root: MRTR.root.overridingConfig(),
  ...displayFlags({ verbose: 'show every check and case', quiet: QUIET_WITH_COVERAGE }),
} as const;

export type RunFlags = FlagValues<typeof FLAGS>;
