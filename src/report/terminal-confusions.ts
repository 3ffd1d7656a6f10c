/** The top confusions in the terminal summary: which tool each model called instead of the expected one. */

import type { Paint } from './ansi.js';
import { casesText, toolLabel, topConfusions } from './confusions.js';
import type { EvalReport } from './model.js';
import { safe } from './terminal-escape.js';

const SHOWN = 5;

export function confusionLines(ev: EvalReport, paint: Paint, verbose: boolean): string[] {
  const top = topConfusions(ev, verbose ? 20 : SHOWN);
  if (top.length === 0) return [];
  const several = ev.matrix.models.length > 1;
  const lines = [paint('bold', 'top confusions (expected -> chosen first tool, samples)')];
  for (const cell of top) {
    const who = several ? `${safe(cell.model)}: ` : '';
    lines.push(
      `  ${who}${safe(toolLabel(cell.expected))} -> ${paint('red', safe(toolLabel(cell.chosen)))}  ${cell.count}  ${paint('dim', safe(casesText(cell)))}`,
    );
  }
  lines.push('');
  return lines;
}
