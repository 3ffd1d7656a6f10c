/** The top confusions in the Markdown summary, folded like the case x model matrix. */

import { casesText, toolLabel, topConfusions } from './confusions.js';
import type { EvalReport } from './model.js';

/** `escape` is the summary's own escaping of server text, so this block reads like the rest. */
export function confusionMarkdown(ev: EvalReport, rows: number, escape: (text: string) => string): string[] {
  const top = topConfusions(ev, Math.min(rows, 20));
  if (top.length === 0) return [];
  const several = ev.matrix.models.length > 1;
  const header = [...(several ? ['Model'] : []), 'Expected', 'Chosen', 'Samples', 'Cases'];
  const body = top.map((cell) => [
    ...(several ? [escape(cell.model)] : []),
    escape(toolLabel(cell.expected)),
    escape(toolLabel(cell.chosen)),
    String(cell.count),
    escape(casesText(cell)),
  ]);
  return [
    '',
    '<details><summary>Top confusions (expected vs first tool called)</summary>',
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => ' --- ').join('|')}|`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    '</details>',
  ];
}
