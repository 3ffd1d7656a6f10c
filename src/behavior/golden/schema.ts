/**
 * The JSON Schema (2020-12) of a golden file: shapes, types and allowed keys. Rules that relate
 * keys to each other (prompt xor turns, what each match mode needs, unique ids) live in
 * semantic-checks.ts, where they can be explained in one sentence instead of a oneOf error cascade.
 */

import {
  CASE_KEYS,
  DEFAULTS_KEYS,
  EXPECT_INPUT_KEYS,
  INPUT_ACTIONS,
  INPUT_KEYS,
  INPUT_KINDS,
  MATCHER_KEYS,
  MATCH_MODES,
  TOP_LEVEL_KEYS,
} from './keys.js';

const nonEmptyString = { type: 'string', minLength: 1 };
const stringList = { type: 'array', items: nonEmptyString };

/** Builds a `properties` map and guards that it covers exactly the keys in keys.ts. */
function closedObject(keys: readonly string[], properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  const missing = keys.filter((key) => !(key in properties));
  if (missing.length > 0) throw new Error(`golden schema: no definition for ${missing.join(', ')}`);
  return { type: 'object', properties, required, additionalProperties: false };
}

const floors = {
  kind: { enum: ['hard', 'soft'] },
  runs: { type: 'integer', minimum: 1 },
  min_passes: { type: 'integer', minimum: 1 },
  tags: stringList,
};

export const GOLDEN_SET_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: {
    matcher: closedObject(
      MATCHER_KEYS,
      {
        match: { enum: [...MATCH_MODES] },
        value: true,
        values: { type: 'array', minItems: 1 },
        tolerance: { type: 'number', minimum: 0 },
        pattern: { type: 'string' },
      },
      ['match'],
    ),
    // A mapping with a `match` key is a matcher; anything else is a value compared exactly.
    argExpectation: { if: { type: 'object', required: ['match'] }, then: { $ref: '#/$defs/matcher' } },
    case: closedObject(
      CASE_KEYS,
      {
        id: nonEmptyString,
        prompt: nonEmptyString,
        turns: { type: 'array', minItems: 1, items: nonEmptyString },
        expect_tool: { type: ['string', 'null'], minLength: 1 },
        expect_sequence: { type: 'array', minItems: 1, items: nonEmptyString },
        expect_args: { type: 'object', additionalProperties: { $ref: '#/$defs/argExpectation' } },
        forbid_tools: stringList,
        rubric: nonEmptyString,
        // Written by `mcpgate init` (and by tools that draft cases): not run until a person removes it.
        draft: { type: 'boolean' },
        inputs: {
          type: 'array',
          items: closedObject(INPUT_KEYS, { match: nonEmptyString, action: { enum: [...INPUT_ACTIONS] }, content: { type: 'object' } }, [
            'action',
          ]),
        },
        // A bare kind, or a mapping with checks on what was asked.
        expect_input: {
          if: { type: 'object' },
          then: closedObject(
            EXPECT_INPUT_KEYS,
            { kind: { enum: [...INPUT_KINDS] }, message: nonEmptyString, fields: { type: 'array', minItems: 1, items: nonEmptyString } },
            ['kind'],
          ),
          else: { enum: [...INPUT_KINDS] },
        },
        ...floors,
      },
      ['id'],
    ),
    defaults: closedObject(DEFAULTS_KEYS, floors),
  },
  if: { type: 'array' },
  then: { minItems: 1, items: { $ref: '#/$defs/case' } },
  else: closedObject(
    TOP_LEVEL_KEYS,
    {
      defaults: { $ref: '#/$defs/defaults' },
      cases: { type: 'array', minItems: 1, items: { $ref: '#/$defs/case' } },
    },
    ['cases'],
  ),
} as const;
