/**
 * The MRTR rounds of a failing case as plain lines, shared by the terminal, HTML and Markdown eval
 * sections (each escapes for its own medium): the first failing sample's calls that went through
 * input rounds, one line per round.
 */

import type { EvalCaseResult } from './model.js';
import { collapseWhitespace } from '../shared/one-line.js';

/** Rounds shown per case; the JSON report has them all. */
const MAX_ROUND_LINES = 6;
const MESSAGE_CHARS = 80;

export function mrtrRoundLines(c: EvalCaseResult): string[] {
  if (c.status === 'pass' && !c.flaky) return [];
  const sample = c.trajectories.find((t) => t.status !== 'pass');
  if (!sample) return [];
  const lines: string[] = [];
  for (const call of sample.calls) {
    (call.rounds ?? []).forEach((round, i) => {
      const asked = round.inputs.map((input) => {
        const message = input.message ? ` "${collapseWhitespace(input.message, MESSAGE_CHARS)}"` : '';
        return `${input.key}: ${input.kind}${message} → ${input.answer}`;
      });
      const what = asked.length > 0 ? asked.join('; ') : 'no input asked';
      lines.push(`${call.name} round ${i + 1} (sample ${sample.index + 1}): ${what}${round.requestState ? ', requestState echoed' : ''}`);
    });
    if (call.rounds && call.rounds.length > 0)
      lines.push(`${call.name} result: ${collapseWhitespace(call.result, MESSAGE_CHARS)}${call.isError ? ' (error)' : ''}`);
  }
  return lines.length > MAX_ROUND_LINES
    ? [...lines.slice(0, MAX_ROUND_LINES), `… ${lines.length - MAX_ROUND_LINES} more in the JSON report`]
    : lines;
}
