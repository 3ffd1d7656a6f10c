/**
 * A model's text answer read as data (the proposer's rewrites, a drafting model's cases, a writer's
 * rewordings): the first JSON object in it, or why there is none, and the answer as a report quotes
 * it when it cannot be used. The answer is outside text like a server's.
 */

import { safe } from '../report/terminal-escape.js';
import { cutAfter } from '../shared/cut.js';

/** Characters of an unusable answer quoted in a report. */
export const ANSWER_EXCERPT_CHARS = 200;

/** From the first `{` to the last `}`, parsed; models wrap their JSON in prose and code fences. */
export function firstJsonObject(text: string): { value: unknown } | { problem: string } {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return { problem: 'the answer holds no JSON object' };
  try {
    return { value: JSON.parse(text.slice(start, end + 1)) };
  } catch {
    return { problem: 'the answer is not valid JSON' };
  }
}

/** The answer quoted in a report: cut short (saying how long it was), on one line, every control and invisible character shown. */
export function answerExcerpt(text: string): string {
  const length = text.length > ANSWER_EXCERPT_CHARS ? ` (${text.length} characters)` : '';
  return `"${safe(`${cutAfter(text, ANSWER_EXCERPT_CHARS)}${length}`)}"`;
}
