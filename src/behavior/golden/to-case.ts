/**
 * A case as the scorers read it: the file's defaults folded in, one list of turns, one expectation.
 * Keys that need no folding come through as written, so a key added to the case schema reaches the
 * scorers without a second edit.
 */

import type { z } from 'zod';
import type { DefaultsSchema, RawGoldenCase } from './case-schema.js';

/** What must be called: a tool first, a sequence in order, or (`expect_tool: null`) nothing at all. */
export type GoldenExpectation = { kind: 'tool'; tool: string } | { kind: 'sequence'; tools: string[] } | { kind: 'none' };

export type GoldenDefaults = z.output<typeof DefaultsSchema>;

export function toGoldenCase(raw: RawGoldenCase, defaults: GoldenDefaults) {
  const { prompt, turns, expect_tool, expect_sequence, expect_args, forbid_tools, expect_input, kind, tags, runs, min_passes, ...rest } =
    raw;
  const expect: GoldenExpectation = expect_sequence
    ? { kind: 'sequence', tools: expect_sequence }
    : typeof expect_tool === 'string'
      ? { kind: 'tool', tool: expect_tool }
      : { kind: 'none' };
  const caseRuns = runs ?? defaults.runs;
  const minPasses = min_passes ?? defaults.min_passes;
  return {
    ...rest,
    turns: prompt === undefined ? (turns ?? []) : [prompt],
    expect,
    expectArgs: expect_args ?? {},
    forbidTools: forbid_tools ?? [],
    kind: kind ?? defaults.kind ?? 'soft',
    tags: [...new Set([...(defaults.tags ?? []), ...(tags ?? [])])],
    ...(expect_input === undefined ? {} : { expectInput: expect_input }),
    ...(caseRuns === undefined ? {} : { runs: caseRuns }),
    ...(minPasses === undefined ? {} : { minPasses }),
  };
}
