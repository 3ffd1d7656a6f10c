/** The keys the golden format allows at each level: the schema and the "did you mean" hints share them. */

export const TOP_LEVEL_KEYS = ['defaults', 'cases'] as const;
export const DEFAULTS_KEYS = ['kind', 'runs', 'tags', 'min_passes'] as const;
export const CASE_KEYS = [
  'id',
  'prompt',
  'turns',
  'expect_tool',
  'expect_sequence',
  'expect_args',
  'forbid_tools',
  'rubric',
  'kind',
  'tags',
  'runs',
  'min_passes',
  'draft',
  'inputs',
  'expect_input',
] as const;
export const INPUT_KEYS = ['match', 'action', 'content'] as const;
export const INPUT_ACTIONS = ['accept', 'decline', 'cancel'] as const;
export const EXPECT_INPUT_KEYS = ['kind', 'message', 'fields'] as const;
export const INPUT_KINDS = ['elicitation', 'sampling', 'roots'] as const;
export const MATCHER_KEYS = ['match', 'value', 'values', 'tolerance', 'pattern'] as const;
export const MATCH_MODES = ['exact', 'normalized', 'one_of', 'numeric', 'regex', 'semantic', 'ignore'] as const;
