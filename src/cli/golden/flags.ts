/** `mcpgate golden`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { modelCallFlags } from '../flags/groups/model.js';
import { targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';

export const DRAFT_FLAGS = {
  ...targetFlags(),
  model: Flag.value('<provider:model>', 'model that writes the prompts and expected arguments; without it the prompts are placeholders'),
  ...modelCallFlags(),
  out: Flag.value('<file>', 'golden file to write').default('golden/draft.yaml'),
  force: Flag.switch('overwrite the file'),
} as const;

export type DraftFlags = FlagValues<typeof DRAFT_FLAGS>;
