/** Wording robustness in the terminal summary (`eval --paraphrases N`): the picks as written against reworded. */

import type { Paint } from './ansi.js';
import { percent } from './format.js';
import type { EvalReport } from './model.js';
import { safe } from './terminal-escape.js';

const SHOWN = 5;

function rate(t: { k: number; n: number }): string {
  return `${t.k}/${t.n}${t.n > 0 ? ` (${percent(t.k / t.n)})` : ''}`;
}

export function paraphraseLines(ev: EvalReport, paint: Paint, verbose: boolean): string[] {
  const p = ev.paraphrases;
  if (!p) return [];
  const lines = [
    paint('bold', `wording robustness: ${p.written} rewording(s) by ${safe(p.writer)}, ${p.perCase} per case (reported, not gated)`),
  ];
  if (p.skipped.length > 0) lines.push(`  not reworded: ${p.skipped.map((s) => `${safe(s.id)} (${safe(s.reason)})`).join(', ')}`);
  for (const u of p.unreadable) lines.push(`  ${paint('yellow', 'short')} ${safe(u.id)}: ${safe(u.problem)}`);
  for (const m of p.perModel)
    lines.push(
      `  ${safe(m.model)}: right picks ${rate(m.originals.selection)} as written -> ${rate(m.paraphrases.selection)} reworded; passes ${rate(m.originals.passes)} -> ${rate(m.paraphrases.passes)}`,
    );
  const drops = verbose ? p.drops : p.drops.slice(0, SHOWN);
  for (const d of drops)
    lines.push(
      `    ${paint('red', 'drops')} ${safe(d.id)} with ${safe(d.model)}: picks ${d.original.selection.k}/${d.original.selection.n} -> ${d.paraphrases.selection.k}/${d.paraphrases.selection.n} reworded`,
    );
  if (drops.length < p.drops.length) lines.push(paint('dim', `    ${p.drops.length - drops.length} more (--verbose lists them)`));
  lines.push('');
  return lines;
}
