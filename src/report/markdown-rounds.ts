/** The MRTR rounds of failing cases in the Markdown summary (escaped by the caller's `md`). */

import { mrtrRoundLines } from './eval-rounds.js';
import type { EvalReport } from './model.js';

export function mrtrMarkdown(ev: EvalReport, md: (text: string) => string, rows: number): string[] {
  const cases = ev.cases.map((c) => ({ c, lines: mrtrRoundLines(c) })).filter((entry) => entry.lines.length > 0);
  if (cases.length === 0) return [];
  const lines = ['', '**Input rounds (MRTR) of failing cases:**', ''];
  for (const { c, lines: rounds } of cases.slice(0, rows)) {
    lines.push(`- ${md(c.id)} with ${md(c.model)}:`, ...rounds.map((line) => `  - ${md(line)}`));
  }
  if (cases.length > rows) lines.push(`- … ${cases.length - rows} more`);
  return lines;
}
