/** Turns one validated raw case (plus the file's defaults) into a GoldenCase. */

import type { ArgExpectation, GoldenCase, InputAnswer, InputExpectation, InputKind, MatchMode } from '../types.js';
import { isRecord } from './context.js';

export interface RawDefaults {
  kind?: 'hard' | 'soft';
  runs?: number;
  min_passes?: number;
  tags?: string[];
}

/** `raw` has passed the schema and the semantic checks, so its shapes can be trusted here. */
export function toGoldenCase(raw: Record<string, unknown>, defaults: RawDefaults, source: string): GoldenCase {
  const golden: GoldenCase = {
    id: raw.id as string,
    turns: typeof raw.prompt === 'string' ? [raw.prompt] : (raw.turns as string[]),
    expect: expectationOf(raw),
    expectArgs: argExpectationsOf(raw.expect_args),
    forbidTools: (raw.forbid_tools as string[] | undefined) ?? [],
    kind: (raw.kind as 'hard' | 'soft' | undefined) ?? defaults.kind ?? 'soft',
    tags: [...new Set([...(defaults.tags ?? []), ...((raw.tags as string[] | undefined) ?? [])])],
    source,
  };
  if (typeof raw.rubric === 'string') golden.rubric = raw.rubric;
  if (raw.draft === true) golden.draft = true;
  if (Array.isArray(raw.inputs)) golden.inputs = inputAnswersOf(raw.inputs);
  const expectInput = inputExpectationOf(raw.expect_input);
  if (expectInput) golden.expectInput = expectInput;
  const runs = (raw.runs as number | undefined) ?? defaults.runs;
  if (runs !== undefined) golden.runs = runs;
  const minPasses = (raw.min_passes as number | undefined) ?? defaults.min_passes;
  if (minPasses !== undefined) golden.minPasses = minPasses;
  return golden;
}

function expectationOf(raw: Record<string, unknown>): GoldenCase['expect'] {
  if (Array.isArray(raw.expect_sequence)) return { kind: 'sequence', tools: raw.expect_sequence as string[] };
  return typeof raw.expect_tool === 'string' ? { kind: 'tool', tool: raw.expect_tool } : { kind: 'none' };
}

function argExpectationsOf(raw: unknown): Record<string, ArgExpectation> {
  const expectations: Record<string, ArgExpectation> = {};
  if (!isRecord(raw)) return expectations;
  for (const [name, spec] of Object.entries(raw)) expectations[name] = argExpectationOf(spec);
  return expectations;
}

/** A mapping with `match` is a matcher; any other value (a mapping included) is expected exactly. */
function argExpectationOf(spec: unknown): ArgExpectation {
  if (!isRecord(spec) || !('match' in spec)) return { mode: 'exact', value: spec };
  const expectation: ArgExpectation = { mode: spec.match as MatchMode };
  if ('value' in spec) expectation.value = spec.value;
  if (Array.isArray(spec.values)) expectation.values = spec.values;
  if (typeof spec.tolerance === 'number') expectation.tolerance = spec.tolerance;
  if (typeof spec.pattern === 'string') expectation.pattern = spec.pattern;
  return expectation;
}

function inputAnswersOf(raw: unknown): InputAnswer[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((entry) => ({
    action: entry.action as InputAnswer['action'],
    ...(typeof entry.match === 'string' ? { match: entry.match } : {}),
    ...(isRecord(entry.content) ? { content: entry.content } : {}),
  }));
}

function inputExpectationOf(raw: unknown): InputExpectation | undefined {
  if (typeof raw === 'string') return { kind: raw as InputKind };
  if (!isRecord(raw)) return undefined;
  return {
    kind: raw.kind as InputKind,
    ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
    ...(Array.isArray(raw.fields) ? { fields: raw.fields as string[] } : {}),
  };
}
