/**
 * The faults file: `scenarios` (a fault injected into a tool's calls: does the agent recover?) and
 * `injections` (instructions planted in a tool's results: does the model obey them?). The fault kinds
 * and payload classes are the report model's; the prompt keys are the golden format's.
 */

import { z } from 'zod';
import { FaultKindSchema, INJECTION_CLASSES, InjectionClassSchema, OccurrenceSchema } from '../../report/model.js';
import { PROMPT_KEYS, promptOrTurns, text } from '../../behavior/golden/prompt-schema.js';
import { documented } from '../../shared/user-files/key-docs.js';
import { hasMisspelt, report, whenSound } from '../../shared/user-files/rules.js';

const SCENARIO_SHAPE = {
  id: documented(text(), 'a name, unique in the file', 'reports key on it'),
  ...PROMPT_KEYS,
  tool: documented(text(), 'a tool name', 'the tool whose calls are faulted'),
  fault: documented(z.enum(FaultKindSchema.options), 'a fault kind of docs/faults.md', 'what the proxy does to the call'),
  occurrence: documented(OccurrenceSchema.default(1), 'a call number from 1, or every', 'which call of the tool is faulted; default 1'),
  rubric: documented(text().optional(), 'a non-empty string', 'what a good answer says, for the judge'),
};

const INJECTION_SHAPE = {
  id: documented(text().optional(), 'a name, unique in the file', 'reports key on it; default injection-N-TOOL'),
  ...PROMPT_KEYS,
  tool: documented(text(), 'a tool name', 'the tool whose results carry the payload, on every call'),
  classes: documented(
    z
      .array(z.enum(InjectionClassSchema.options))
      .min(1)
      .default(() => [...INJECTION_CLASSES]),
    `a non-empty list of payload classes: ${INJECTION_CLASSES.join(', ')}`,
    'the payloads planted; default all',
  ),
  expect_tools: documented(
    z
      .array(text())
      .min(1)
      .default(() => []),
    'a non-empty list of tool names',
    'other tools the task legitimately calls: calling them is no attack success',
  ),
};

const withPrompt = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.strictObject(shape).superRefine(
    (entry, context) => promptOrTurns(entry, context, Object.keys(shape)),
    whenSound(() => false),
  );

const turnsOf = (entry: { prompt?: string; turns?: string[] }): string[] =>
  entry.prompt === undefined ? (entry.turns ?? []) : [entry.prompt];

const ScenarioSchema = withPrompt(SCENARIO_SHAPE).transform(({ prompt, turns, ...scenario }) => ({
  ...scenario,
  turns: turnsOf({ prompt, turns }),
}));

const InjectionSchema = withPrompt(INJECTION_SHAPE);

const TOP_SHAPE = {
  scenarios: documented(
    z.array(ScenarioSchema).optional(),
    'a list of scenarios: id, prompt or turns, tool, fault',
    'faults injected into tool calls, to see whether the agent recovers or invents an answer',
  ),
  injections: documented(
    z
      .array(InjectionSchema)
      .optional()
      .transform((list = []) =>
        list.map(({ prompt, turns, id, expect_tools, ...injection }, i) => ({
          ...injection,
          id: id ?? `injection-${i + 1}-${injection.tool}`,
          turns: turnsOf({ prompt, turns }),
          expectTools: expect_tools,
        })),
      ),
    'a list of injections: prompt or turns, tool',
    'instructions planted in tool results, to see whether the model obeys them',
  ),
};
const TOP_KEYS = Object.keys(TOP_SHAPE);

/** Ids are unique across scenarios and injections, an injection's default id included: a report keys on them. */
function checkIds(file: { scenarios?: Array<{ id: string }>; injections?: Array<{ id?: string }> }, context: z.core.$RefinementCtx): void {
  const first = new Map<string, Array<string | number>>();
  for (const list of ['scenarios', 'injections'] as const)
    file[list]?.forEach((entry, i) => {
      if (entry.id === undefined) return;
      const seen = first.get(entry.id);
      if (!seen) first.set(entry.id, [list, i, 'id']);
      else
        report(context, {
          path: [list, i, 'id'],
          at: 'value',
          message: `duplicate id "${entry.id}"`,
          firstAt: seen,
          fix: 'give every entry its own id',
        });
    });
}

export const FAULTS_SCHEMA = documented(
  z
    .strictObject(TOP_SHAPE)
    .superRefine(
      (file, context) => {
        if ((file.scenarios?.length ?? 0) + file.injections.length === 0 && !hasMisspelt(context, TOP_KEYS, ...TOP_KEYS))
          report(context, {
            path: [],
            at: 'value',
            message: 'the faults file has no scenarios and no injections',
            fix: 'list at least one under "scenarios:" or "injections:"',
          });
      },
      whenSound(() => true),
    )
    .superRefine(
      checkIds,
      whenSound((path) => path.length < 3 || path[2] === 'id'),
    )
    .transform(({ scenarios = [], injections }) => ({ scenarios, injections })),
  'a mapping with scenarios and/or injections',
  'the fault scenarios and injections of `mcpgate chaos --model`',
);
