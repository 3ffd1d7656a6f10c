/**
 * One case of a golden set: what the user asks, which tool should answer (or none), with which
 * arguments, and how it is scored. Every key is declared here once, with its docs; the rules that
 * relate keys follow the shape.
 */

import { z } from 'zod';
import { CaseKindSchema } from '../../report/model.js';
import { documented, oneOf } from '../../shared/user-files/key-docs.js';
import { hasMisspelt, readsKeys, report, whenSound } from '../../shared/user-files/rules.js';
import { InputAnswerSchema, InputExpectationSchema } from './input-schema.js';
import { ArgExpectationSchema } from './matcher-schema.js';
import { PROMPT_KEYS, promptOrTurns, text } from './prompt-schema.js';

const names = () => z.array(text());

/** The keys a case and the file's defaults share: how a case is scored. */
export const FLOOR_KEYS = {
  kind: documented(
    z.enum(CaseKindSchema.options).optional(),
    oneOf(CaseKindSchema.options),
    'a hard case needs every run to pass, a soft one its floor; default soft',
  ),
  runs: documented(z.int().min(1).optional(), 'an integer of at least 1', 'how many samples to take of the case'),
  min_passes: documented(
    z.int().min(1).optional(),
    'an integer of at least 1',
    'passes needed out of runs, in place of the hard or soft floor',
  ),
  tags: documented(names().optional(), 'a list of labels', 'labels to group and filter results'),
};

/** What every case of a set gets unless it says otherwise. */
export const DefaultsSchema = z.strictObject(FLOOR_KEYS);

const CASE_SHAPE = {
  id: documented(text(), 'a name, unique in the file', 'reports, baselines and the gate key on it'),
  ...PROMPT_KEYS,
  expect_tool: documented(
    text().nullable().optional(),
    'a tool name, or null',
    'the tool the model should call first; null: no tool may be called',
  ),
  expect_sequence: documented(
    names().min(1).optional(),
    'a non-empty list of tool names',
    'the tools the model should call, in this order',
  ),
  expect_args: documented(
    z.record(z.string(), ArgExpectationSchema).optional(),
    'a mapping of argument names to values or matchers',
    'expected arguments of the first call',
    'argument',
  ),
  forbid_tools: documented(names().optional(), 'a list of tool names', 'tools that must not be called in this case'),
  rubric: documented(text().optional(), 'a non-empty string', 'what a complete answer contains, for the LLM judge of task completion'),
  ...FLOOR_KEYS,
  draft: documented(z.boolean().optional(), 'true or false', 'true: drafted by a tool and not yet edited by a person, so not run'),
  inputs: documented(
    z.array(InputAnswerSchema).optional(),
    'a list of {match, action, content} mappings',
    'how the simulated user answers the elicitation requests of multi round-trip tools',
  ),
  expect_input: documented(
    InputExpectationSchema.optional(),
    `${oneOf(['elicitation', 'sampling', 'roots'])}, or a mapping of kind, message and fields`,
    'the input a multi round-trip tool should ask for during the case',
  ),
};
const CASE_KEYS = Object.keys(CASE_SHAPE);

type RawCase = z.output<z.ZodObject<typeof CASE_SHAPE>>;

/** One of expect_tool and expect_sequence; nothing about arguments or input on a case where no tool may be called. */
function checkExpectation(golden: RawCase, context: z.core.$RefinementCtx): void {
  const hasTool = 'expect_tool' in golden;
  const hasSequence = 'expect_sequence' in golden;
  if (hasTool && hasSequence)
    report(context, {
      path: ['expect_sequence'],
      message: 'has both "expect_tool" and "expect_sequence"',
      fix: 'keep one: a sequence already names its first tool',
    });
  else if (!hasTool && !hasSequence && !hasMisspelt(context, CASE_KEYS, 'expect_tool', 'expect_sequence'))
    report(context, {
      path: [],
      at: 'value',
      message: 'says nothing about what to call',
      fix: 'add "expect_tool: NAME", "expect_tool: null" for a case where no tool fits, or "expect_sequence: [A, B]"',
    });
  if (hasTool && golden.expect_tool === null) {
    if ('expect_args' in golden)
      report(context, {
        path: ['expect_args'],
        message: '"expect_args" on a negative case (expect_tool: null)',
        fix: 'remove "expect_args", or name the tool in "expect_tool"',
      });
    if ('expect_input' in golden)
      report(context, {
        path: ['expect_input'],
        message: '"expect_input" on a negative case (expect_tool: null)',
        fix: 'remove "expect_input": no tool call means no input can be asked',
      });
  }
  const expected = [golden.expect_tool, ...(golden.expect_sequence ?? [])];
  golden.forbid_tools?.forEach((tool, i) => {
    if (expected.includes(tool))
      report(context, {
        path: ['forbid_tools', i],
        at: 'value',
        message: `"forbid_tools" lists ${tool}, which the case expects`,
        fix: `remove ${tool} from one of them`,
      });
  });
}

export const CaseSchema = documented(
  z
    .strictObject(CASE_SHAPE)
    .superRefine(
      (golden, context) => promptOrTurns(golden, context, CASE_KEYS),
      whenSound(() => false),
    )
    .superRefine(checkExpectation, whenSound(readsKeys('expect_tool', 'expect_sequence', 'forbid_tools')))
    // Both forms of the file list cases: the published JSON Schema defines a case once, under this name.
    .meta({ id: 'golden-case' }),
  'a mapping with id, prompt or turns, and expect_tool or expect_sequence',
  'one thing a user asks, and which tool should answer it',
);
export type RawGoldenCase = z.output<typeof CaseSchema>;
