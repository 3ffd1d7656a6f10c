/**
 * Scores the input a server asked for during a sample (MRTR) against the case's `expect_input`:
 * the expected kind was asked, what was asked matches the case's checks, and the user's answer let
 * the call finish. Input asked by a case that expects none is noted, not failed: a tool may
 * legitimately confirm. A call given up at one of mcpgate's caps on the server's demands (rounds,
 * requests per round, sampling answers per sample) fails the sample whatever the case expects: the
 * server asked for more than a client can be expected to answer, and the task did not finish.
 */

import { limitSentence, type MrtrLimitHit } from '../mrtr/limits.js';
import { compilePattern } from './pattern.js';
import type { GoldenCase, InputExchange, TrajectoryCall } from '../types.js';
import { assertNever } from '../../shared/guards.js';

export type InputProblem =
  | { kind: 'missing'; expected: string }
  | { kind: 'wrong-kind'; expected: string; asked: string[] }
  | { kind: 'message'; expected: string; pattern: string; asked: string[] }
  | { kind: 'fields'; missing: string[] }
  | { kind: 'refused'; action: string }
  | { kind: 'unfinished'; tool: string; result: string }
  | ({ kind: 'limit' } & Omit<MrtrLimitHit, 'kinds'>);

export interface InputScore {
  /** Kinds asked, in order, each once. */
  asked: string[];
  problems: InputProblem[];
  /** Input asked although the case expects none (a note). */
  unexpected: string[];
  ok: boolean;
}

export function scoreInput(c: GoldenCase, calls: Pick<TrajectoryCall, 'name' | 'rounds' | 'isError' | 'result' | 'limit'>[]): InputScore {
  const exchanges = calls.flatMap((call) => (call.rounds ?? []).flatMap((round) => round.inputs));
  const limits = calls.flatMap((call) => (call.limit ? [call.limit] : []));
  // A round refused at a cap was asked all the same: its kinds count as asked.
  const asked = [...new Set([...exchanges.map((e) => e.kind), ...limits.flatMap((limit) => limit.kinds)])];
  const problems: InputProblem[] = limits.map(({ kinds: _kinds, ...limit }) => ({ kind: 'limit', ...limit }));
  const expected = c.expectInput;
  if (!expected) return { asked, problems, unexpected: asked, ok: problems.length === 0 };
  const matching = exchanges.filter((e) => e.kind === expected.kind);
  if (matching.length === 0) {
    // Asked only in a refused round: nothing answered to check the message or fields against.
    if (!asked.includes(expected.kind))
      problems.push(
        asked.length === 0 ? { kind: 'missing', expected: expected.kind } : { kind: 'wrong-kind', expected: expected.kind, asked },
      );
    return { asked, problems, unexpected: [], ok: false };
  }
  if (expected.message !== undefined) {
    const pattern = compilePattern(expected.message);
    if (!matching.some((e) => pattern.test(e.message ?? '')))
      problems.push({ kind: 'message', expected: expected.kind, pattern: expected.message, asked: matching.map((e) => e.message ?? '') });
  }
  if (expected.fields) {
    const requested = new Set(matching.flatMap((e) => e.fields ?? []));
    const missing = expected.fields.filter((field) => !requested.has(field));
    if (missing.length > 0) problems.push({ kind: 'fields', missing });
  }
  const refusal = matching.find((e: InputExchange) => e.answer === 'decline' || e.answer === 'cancel');
  if (refusal) problems.push({ kind: 'refused', action: refusal.answer });
  for (const call of calls) {
    if (call.rounds && call.isError && !call.limit)
      problems.push({ kind: 'unfinished', tool: call.name, result: call.result.slice(0, 200) });
  }
  return { asked, problems, unexpected: [], ok: problems.length === 0 };
}

/** One sentence per input problem, for the sample's reasons. */
export function inputReason(problem: InputProblem): string {
  switch (problem.kind) {
    case 'missing':
      return `expected the server to ask for ${problem.expected} input; it asked for none`;
    case 'wrong-kind':
      return `expected the server to ask for ${problem.expected} input; it asked for ${problem.asked.join(', ')}`;
    case 'message':
      return `no ${problem.expected} request matched /${problem.pattern}/ (asked: ${problem.asked.map((m) => JSON.stringify(m)).join(', ')})`;
    case 'fields':
      return `the elicitation form did not request ${problem.missing.join(', ')}`;
    case 'refused':
      return `the scripted user answered the elicitation with ${problem.action}, so the task could not finish`;
    case 'unfinished':
      return `${problem.tool} did not finish after its input rounds: ${problem.result}`;
    case 'limit':
      return `${limitSentence(problem)}; the call was given up`;
    default:
      return assertNever(problem, 'input problem');
  }
}
