/**
 * A golden set file: a list of cases, or a mapping with `cases` and `defaults` that apply to every
 * case. Rules across cases (unique ids, a floor within the runs) are checked here; the output is the
 * list of cases as the scorers read them (to-case.ts).
 */

import { z } from 'zod';
import { documented } from '../../shared/user-files/key-docs.js';
import { report, whenSound } from '../../shared/user-files/rules.js';
import type { PathSegment } from '../../shared/yaml/locate.js';
import { CaseSchema, DefaultsSchema, type RawGoldenCase } from './case-schema.js';
import { toGoldenCase, type GoldenDefaults } from './to-case.js';

/** The keys of a case the rules across cases read. */
const READ_BY_SET_RULES = ['id', 'runs', 'min_passes'];

/** Unique ids, and min_passes within runs whichever of the two comes from the defaults. */
function checkCases(cases: readonly RawGoldenCase[], defaults: GoldenDefaults, at: PathSegment[], context: z.core.$RefinementCtx): void {
  const firstOf = new Map<string, number>();
  cases.forEach((golden, index) => {
    const first = firstOf.get(golden.id);
    if (first === undefined) firstOf.set(golden.id, index);
    else
      report(context, {
        path: [...at, index, 'id'],
        at: 'value',
        message: `duplicate id "${golden.id}"`,
        firstAt: [...at, first, 'id'],
        fix: 'give every case its own id; reports and baselines key on it',
      });
    checkFloor(golden, defaults, [...at, index], context);
  });
}

function checkFloor(
  floor: Pick<RawGoldenCase, 'runs' | 'min_passes'>,
  defaults: GoldenDefaults,
  at: PathSegment[],
  context: z.core.$RefinementCtx,
): void {
  const runs = floor.runs ?? defaults.runs;
  const minPasses = floor.min_passes ?? defaults.min_passes;
  if (minPasses === undefined || runs === undefined || minPasses <= runs) return;
  report(context, {
    path: [...at, 'min_passes' in floor ? 'min_passes' : 'runs'],
    at: 'value',
    message: `"min_passes" is ${minPasses}, more than the ${runs} runs`,
    fix: `lower "min_passes" to at most ${runs}, or raise "runs"`,
  });
}

const cases = () => z.array(CaseSchema).min(1);

const GoldenMappingSchema = z
  .strictObject({
    defaults: documented(
      DefaultsSchema.optional(),
      'a mapping of kind, runs, min_passes and tags',
      "what every case gets unless it says otherwise; its tags are added to the case's own",
    ),
    cases: documented(cases(), 'a non-empty list of cases', 'the cases of the set'),
  })
  .superRefine(
    (set, context) => {
      checkFloor(set.defaults ?? {}, {}, ['defaults'], context);
      checkCases(set.cases, set.defaults ?? {}, ['cases'], context);
    },
    whenSound(
      (path) => path[0] === 'defaults' || (path[0] === 'cases' && (path.length < 3 || READ_BY_SET_RULES.includes(String(path[2])))),
    ),
  )
  .transform((set) => set.cases.map((golden) => toGoldenCase(golden, set.defaults ?? {})));

const CaseListSchema = cases()
  .superRefine(
    (list, context) => checkCases(list, {}, [], context),
    whenSound((path) => path.length < 2 || READ_BY_SET_RULES.includes(String(path[1]))),
  )
  .transform((list) => list.map((golden) => toGoldenCase(golden, {})));

export const GOLDEN_SET_SCHEMA = documented(
  z.union([GoldenMappingSchema, CaseListSchema]),
  'a list of cases, or a mapping with cases and optional defaults',
  'what users ask and which tool should answer, for `mcpgate eval`',
);

/** A case as loaded: the scorers' shape, and where it is written (`file:line`) for messages. */
export type GoldenCase = z.output<typeof GOLDEN_SET_SCHEMA>[number] & { source: string };
