/** Wording robustness in the Markdown summary (`eval --paraphrases N`), folded like the confusions. */

import type { EvalReport } from './model.js';

const cell = (t: { k: number; n: number }): string => `${t.k}/${t.n}`;

/** `escape` is the summary's own escaping of outside text (the rewordings' writer is a model id, the ids the file's). */
export function paraphraseMarkdown(ev: EvalReport, rows: number, escape: (text: string) => string): string[] {
  const p = ev.paraphrases;
  if (!p) return [];
  const lines = [
    '',
    `<details><summary>Wording robustness: ${p.written} rewording(s) by ${escape(p.writer)} (not gated)</summary>`,
    '',
    '| Model | Right picks as written | Reworded | Passes as written | Reworded |',
    '| --- | --- | --- | --- | --- |',
    ...p.perModel.map(
      (m) =>
        `| ${escape(m.model)} | ${cell(m.originals.selection)} | ${cell(m.paraphrases.selection)} | ${cell(m.originals.passes)} | ${cell(m.paraphrases.passes)} |`,
    ),
  ];
  if (p.drops.length > 0) {
    lines.push('', '| Case | Model | Right picks as written | Reworded |', '| --- | --- | --- | --- |');
    for (const d of p.drops.slice(0, Math.min(rows, 20)))
      lines.push(`| ${escape(d.id)} | ${escape(d.model)} | ${cell(d.original.selection)} | ${cell(d.paraphrases.selection)} |`);
  }
  lines.push('', '</details>');
  return lines;
}
