/**
 * An entry of `expect_args`: a plain value, compared exactly, or a mapping with `match`, a matcher,
 * whose mode says how the argument is compared and which of its fields it reads.
 */

import { z } from 'zod';
import { isRecord } from '../../shared/guards.js';
import { documented, oneOf } from '../../shared/user-files/key-docs.js';
import { hasMisspelt, readsKeys, report, whenSound } from '../../shared/user-files/rules.js';
import { checkPattern } from './pattern-check.js';

export const MatchModeSchema = z.enum(['exact', 'normalized', 'one_of', 'numeric', 'regex', 'semantic', 'ignore']);
export type MatchMode = z.output<typeof MatchModeSchema>;

const MATCHER_SHAPE = {
  match: documented(MatchModeSchema, oneOf(MatchModeSchema.options), 'how the argument is compared with the expectation'),
  value: documented(z.unknown().optional(), 'any value', 'the expected value, for exact, normalized, numeric and semantic'),
  values: documented(z.array(z.unknown()).min(1).optional(), 'a non-empty list', 'the acceptable values, for one_of'),
  tolerance: documented(
    z.number().min(0).optional(),
    'a number of at least 0',
    'how far from value a number may be, for numeric; default 0',
  ),
  pattern: documented(z.string().optional(), 'a regular expression', 'an ECMAScript pattern the argument must match, for regex'),
};
type MatcherField = Exclude<keyof typeof MATCHER_SHAPE, 'match'>;
const MATCHER_KEYS = Object.keys(MATCHER_SHAPE);

/** Which fields each mode reads; any other field is a mistake worth reporting. The first is the one the mode cannot do without. */
const FIELDS_USED: Record<MatchMode, readonly MatcherField[]> = {
  exact: ['value'],
  normalized: ['value'],
  one_of: ['values'],
  numeric: ['value', 'tolerance'],
  regex: ['pattern'],
  semantic: ['value'],
  ignore: [],
};
const FIELDS: readonly MatcherField[] = ['value', 'values', 'tolerance', 'pattern'];

const NEEDED_FIX: Record<MatcherField, string> = {
  value: 'add "value:" with the expected argument',
  values: 'add "values: [A, B]" with every acceptable value',
  tolerance: 'add "tolerance:"',
  pattern: 'add "pattern:" with a regular expression',
};

type Matcher = z.output<z.ZodObject<typeof MATCHER_SHAPE>>;

function checkMatcher(matcher: Matcher, context: z.core.$RefinementCtx): void {
  const mode = matcher.match;
  const used = FIELDS_USED[mode];
  for (const field of FIELDS) {
    if (field in matcher && !used.includes(field))
      report(context, {
        path: [field],
        message: `"${field}" has no effect with match: ${mode}`,
        fix: `remove it; match: ${mode} reads ${used.length ? `only ${used.join(' and ')}` : 'nothing else'}`,
      });
  }
  const needed = used[0];
  if (needed === undefined) return;
  if (!(needed in matcher)) {
    if (!hasMisspelt(context, MATCHER_KEYS, needed))
      report(context, { path: [], at: 'value', message: `match: ${mode} needs "${needed}"`, fix: NEEDED_FIX[needed] });
    return;
  }
  if (mode === 'numeric' && (typeof matcher.value !== 'number' || !Number.isFinite(matcher.value)))
    report(context, {
      path: ['value'],
      at: 'value',
      message: 'match: numeric needs a number in "value"',
      fix: 'write the number without quotes, e.g. "value: 250"',
    });
  else if (mode === 'semantic' && typeof matcher.value !== 'string')
    report(context, {
      path: ['value'],
      at: 'value',
      message: 'match: semantic needs text in "value"',
      fix: 'write the expected meaning as a sentence or phrase',
    });
  else if (mode === 'regex' && matcher.pattern !== undefined) checkPattern(context, ['pattern'], matcher.pattern);
}

const MatcherSchema = z
  .strictObject(MATCHER_SHAPE)
  .superRefine(checkMatcher, whenSound(readsKeys('match', ...FIELDS)))
  .transform(({ match, ...fields }) => ({ mode: match, ...fields }));

/** Anything but a mapping with `match` (which is a matcher, right or wrong) is a value compared exactly. */
const ExactValueSchema = z
  .custom<unknown>((value) => !(isRecord(value) && 'match' in value))
  .meta({ not: { type: 'object', required: ['match'] } })
  .transform((value): z.output<typeof MatcherSchema> => ({ mode: 'exact', value }));

/** How one expected argument is compared with what the model passed. */
export const ArgExpectationSchema = documented(
  z.union([MatcherSchema, ExactValueSchema]),
  'a value compared exactly, or a matcher: a mapping with match',
  'what the argument must be',
);
export type ArgExpectation = z.output<typeof ArgExpectationSchema>;
