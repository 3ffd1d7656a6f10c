/** Scores one sample (one run of one case): selection, arguments, sequence, forbidden tools. */

import type { GoldenCase } from '../types.js';
import { argumentReason, sequenceReasons } from './reasons.js';
import { scoreArguments, type ArgumentsScore } from './score-arguments.js';
import { scoreSequence, type SequenceScore } from './score-sequence.js';

export interface SampledCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface SampleScore {
  /** The first call against the first expected tool; `not_applicable` for negative cases. */
  selection: 'correct' | 'wrong' | 'none' | 'not_applicable';
  /** A negative case (expect_tool: null) in which some tool was called. */
  overActivated: boolean;
  /** Only when the selection is correct and the case expects arguments. */
  args?: ArgumentsScore;
  /** Only for sequence cases. */
  sequence?: SequenceScore;
  /** Forbidden tools that were called, each once, in call order. */
  forbidden: string[];
  passed: boolean;
  /** One sentence per problem; may also note things that did not fail the sample (extra calls, unexpected arguments). */
  reasons: string[];
}

/**
 * `missedArgumentHint`: for a model that can say why it left an argument out (the lexical baseline),
 * the rule it would have needed, added to the reason of that missing argument.
 */
export function scoreSample(
  c: GoldenCase,
  calls: SampledCall[],
  missedArgumentHint?: (tool: string, argument: string) => string | undefined,
): SampleScore {
  const names = calls.map((call) => call.name);
  const forbidden = [...new Set(names.filter((name) => c.forbidTools.includes(name)))];
  const reasons: string[] = [];

  if (c.expect.kind === 'none') {
    const overActivated = calls.length > 0;
    if (overActivated) reasons.push(`called ${[...new Set(names)].join(', ')} although no tool fits this request`);
    reasons.push(...forbidden.map((tool) => `called forbidden tool ${tool}`));
    return { selection: 'not_applicable', overActivated, forbidden, passed: !overActivated, reasons };
  }

  const wanted = c.expect.kind === 'tool' ? c.expect.tool : c.expect.tools[0];
  const first = calls[0];
  const selection = !first ? 'none' : first.name === wanted ? 'correct' : 'wrong';
  const score: SampleScore = { selection, overActivated: false, forbidden, passed: false, reasons };

  if (c.expect.kind === 'tool') {
    if (selection === 'none') reasons.push(`called no tool, expected ${c.expect.tool}`);
    if (selection === 'wrong') reasons.push(`called ${first?.name}, expected ${c.expect.tool}`);
    // A model may legitimately go on (look something up, confirm); later calls fail only when forbidden.
    const later = names.slice(1).filter((name) => !forbidden.includes(name));
    if (selection === 'correct' && later.length > 0) reasons.push(`then also called ${later.join(', ')} (allowed)`);
  } else {
    score.sequence = scoreSequence(c.expect.tools, names);
    if (selection === 'none') reasons.push(`called no tool, expected ${c.expect.tools.join(' → ')}`);
    else reasons.push(...sequenceReasons(c.expect.tools, names, score.sequence));
  }

  if (selection === 'correct' && first && Object.keys(c.expectArgs).length > 0) {
    score.args = scoreArguments(c.expectArgs, first.arguments);
    for (const issue of score.args.issues) {
      const hint = issue.kind === 'missing' ? missedArgumentHint?.(first.name, issue.argument) : undefined;
      reasons.push(hint ? `${argumentReason(issue)}; ${hint}` : argumentReason(issue));
    }
  }
  reasons.push(...forbidden.map((tool) => `called forbidden tool ${tool}`));

  const shapeOk = c.expect.kind === 'tool' ? selection === 'correct' : score.sequence?.ok === true;
  score.passed = shapeOk && (score.args?.ok ?? true) && forbidden.length === 0;
  return score;
}
