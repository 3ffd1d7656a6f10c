/** `mcpgate improve`'s flag table, and the type of its parsed values. */

import { Flag } from '../flags/flag.js';
import { agentFlags } from '../flags/groups/agent.js';
import { displayFlags } from '../flags/groups/display.js';
import { modelFlags } from '../flags/groups/model.js';
import { paraphraseFlags } from '../flags/groups/paraphrase.js';
import { allowToolFlags, targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { DEFAULT_FOLDS, DEFAULT_HOLDOUT, DEFAULT_SEED, SMALL_SET } from '../../behavior/improve/split.js';
import { fraction, integerFrom, nonNegativeInteger, positiveInteger, properFraction } from '../parse.js';

export const FLAGS = {
  ...targetFlags({ timeout: 'per MCP request timeout in milliseconds' }),
  ...allowToolFlags('a destructive tool the agent may really call'),
  golden: Flag.value('<file>', 'golden set (YAML)').required().mirrors('eval.golden'),
  ...modelFlags({ help: 'model the rewrites must help, repeatable; `baseline` is the offline lexical selector', whenNone: 'baseline' }),
  proposer: Flag.value('<lexical|provider:model>', 'who writes the rewrites: `lexical` (offline heuristic) or a model').default('lexical'),
  descriptions: Flag.value('<file>', 'start from these overrides (the format --descriptions takes in eval)').mirrors('eval.descriptions'),
  ...agentFlags(),
  'proposal-rounds': Flag.value('<n>', 'rounds of propose and test', positiveInteger).default(3),
  budget: Flag.value(
    '<calls>',
    'provider calls allowed in all (models and proposer); a measurement that could pass it is not started',
    positiveInteger,
  ),
  top: Flag.value('<n>', 'confusions tried per round (and per fold)', positiveInteger).default(3),
  holdout: Flag.value(
    '<fraction>',
    `share of the golden set held out from the proposer, the same for the whole run (default from ${SMALL_SET} cases: ${DEFAULT_HOLDOUT})`,
    properFraction,
  ).conflictsWith('folds'),
  folds: Flag.value(
    '<k>',
    `split the golden set in k folds, each held out from the proposer in turn (default below ${SMALL_SET} cases: ${DEFAULT_FOLDS})`,
    integerFrom(2),
  ),
  seed: Flag.value(
    '<n>',
    'seed of the split (stratified by expected tool); the same seed gives the same split',
    nonNegativeInteger,
  ).default(DEFAULT_SEED),
  ...paraphraseFlags('held out from every proposer as further unseen cases', 'the proposer, when it is a model'),
  guard: Flag.value('<n>', 'other cases re-run with each proposal to catch a regression', nonNegativeInteger).default(6),
  confidence: Flag.value('<fraction>', 'significance level of the gain and regression tests', fraction).default(0.95),
  out: Flag.value('<dir>', 'where the overrides, the diff and the report are written').default('.mcpgate/improve'),
  ...displayFlags({ verbose: 'list every trial and every case, not only the accepted rewrites and the changed cases' }),
} as const;

export type ImproveFlags = FlagValues<typeof FLAGS>;
