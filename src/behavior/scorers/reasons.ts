/** One short sentence per problem, for terminal output and reports. */

import type { ArgIssue } from './score-arguments.js';
import type { SequenceScore } from './score-sequence.js';
import { valueType } from './normalize.js';
import { assertNever } from '../../shared/guards.js';
import { cutToFit } from '../../shared/cut.js';

const MAX_VALUE_CHARS = 60;

/** A value as JSON, cut short so one long argument cannot flood a report line. */
function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  return cutToFit(JSON.stringify(value) ?? String(value), MAX_VALUE_CHARS);
}

function showExpected(issue: ArgIssue): string {
  if (issue.mode === 'one_of' && Array.isArray(issue.expected)) return `one of ${issue.expected.map(showValue).join(', ')}`;
  if (issue.mode === 'regex') return `a string matching /${String(issue.expected)}/`;
  return showValue(issue.expected);
}

export function argumentReason(issue: ArgIssue): string {
  const name = `argument ${issue.argument}`;
  switch (issue.kind) {
    case 'missing':
      return `${name}: missing, expected ${showExpected(issue)} (${issue.mode})`;
    case 'unexpected':
      return `${name}: not in the case, got ${showValue(issue.actual)} (reported, not a failure)`;
    case 'wrong_type':
      return `${name}: expected ${showExpected(issue)} (${issue.mode}), got ${showValue(issue.actual)}, a ${valueType(issue.actual)}`;
    case 'wrong_value':
      return `${name}: expected ${showExpected(issue)} (${issue.mode}), got ${showValue(issue.actual)}`;
    default:
      return assertNever(issue.kind, 'argument issue');
  }
}

export function sequenceReasons(expected: readonly string[], actual: readonly string[], score: SequenceScore): string[] {
  const reasons = score.missing.map((tool) => `did not call ${tool}`);
  for (const tool of score.extra) reasons.push(`called ${tool}, which the expected sequence does not include`);
  if (score.outOfOrder) reasons.push(`called ${actual.join(' → ')}, expected the order ${expected.join(' → ')}`);
  return reasons;
}
