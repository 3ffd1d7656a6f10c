/** What a detector reports about one text: a rule, where in the text, and how bad. */

import type { ScanCategory, Severity } from '../../report/model.js';

export interface Detection {
  rule: string;
  category: ScanCategory;
  severity: Severity;
  /** The first occurrence, as offsets into the text. */
  start: number;
  end: number;
  message: string;
  decoded?: string;
}

/** Every match of a global regex, with offsets. */
export function matchesOf(pattern: RegExp, text: string): Array<{ start: number; end: number; text: string }> {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  return Array.from(text.matchAll(new RegExp(pattern.source, flags)), (m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}
