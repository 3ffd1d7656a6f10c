/** improve on the terminal: the split, each trial with its in-sample and held-out figures, then per model. */

import { splitLine } from '../../behavior/improve/markdown.js';
import type { BeforeAfter, ImproveReport } from '../../behavior/improve/report.js';
import type { Paint } from '../../report/ansi.js';
import { percent } from '../../report/format.js';
import { safe } from '../../report/terminal-escape.js';
import type { DisplayFlags } from '../flags/groups/display.js';

function rate(t: { k: number; n: number }): string {
  return `${t.k}/${t.n}${t.n > 0 ? ` (${percent(t.k / t.n)})` : ''}`;
}

function change(f: BeforeAfter, what: 'selection' | 'passes'): string {
  return `${rate(f.before[what])} -> ${f.after ? rate(f.after[what]) : 'not measured'}`;
}

export function renderImprove(
  report: ImproveReport,
  files: { overrides: string; diff: string; report: string },
  paint: Paint,
  flags: DisplayFlags,
): string {
  const proposer = report.proposer.kind === 'heuristic' ? `${report.proposer.id} (heuristic, not a model)` : report.proposer.id;
  if (flags.quiet) return `${report.accepted} rewrite(s) accepted; ${safe(report.generalisation)}; ${safe(report.stopped)}\n`;
  const lines = [
    paint('bold', `improve: proposer ${safe(proposer)}, ${report.runs} runs per case, ${report.budget.providerCalls} provider calls`),
    `  split: ${safe(splitLine(report.split))}`,
  ];
  if (report.paraphrases)
    lines.push(
      `  paraphrases: ${report.paraphrases.written} by ${safe(report.paraphrases.writer)}, held out from every proposer (${report.paraphrases.skipped.length} case(s) not reworded, ${report.paraphrases.unreadable.length} answer(s) short or unreadable)`,
    );
  for (const t of report.trials) {
    if (!flags.verbose && !t.accepted && t.inSample.significant === false) continue;
    const mark = t.accepted ? paint('green', 'accepted') : paint(t.inSample.significant ? 'yellow' : 'dim', 'rejected');
    lines.push(
      `  round ${t.round} part ${t.part} ${mark}  ${safe(`${t.confusion.expected ?? 'none'} -> ${t.confusion.chosen ?? 'none'}`)}: ${safe(t.proposal.label)}`,
    );
    lines.push(
      `    in-sample ${t.inSample.before.k}/${t.inSample.before.n} -> ${t.inSample.after.k}/${t.inSample.after.n}; held-out ${t.heldOut.before.k}/${t.heldOut.before.n} -> ${t.heldOut.after.k}/${t.heldOut.after.n} [${t.heldOut.low}, ${t.heldOut.high}]`,
    );
    lines.push(`    ${safe(t.reason)}`);
    for (const r of t.regressions) lines.push(`    ${paint('red', 'regressed')} ${safe(r)}`);
  }
  const hidden = report.trials.filter((t) => !t.accepted && !t.inSample.significant).length;
  if (!flags.verbose && hidden > 0)
    lines.push(paint('dim', `  ${hidden} proposal(s) with no gain at all not shown (--verbose lists them)`));
  for (const r of report.refused)
    lines.push(
      `  round ${r.round} part ${r.part} ${paint('yellow', 'refused')}  ${safe(`${r.confusion.expected ?? 'none'} -> ${r.confusion.chosen ?? 'none'}`)}: ${safe(r.reason)}`,
    );
  for (const u of report.unreadable)
    lines.push(
      `  round ${u.round} part ${u.part} ${paint('yellow', 'unreadable')}  ${safe(`${u.confusion.expected ?? 'none'} -> ${u.confusion.chosen ?? 'none'}`)}: ${safe(u.problem)}`,
    );
  lines.push(paint('bold', `${safe(report.generalisation)}`));
  lines.push(paint('bold', 'right first picks and passes, before -> after'));
  for (const m of report.perModel) {
    lines.push(`  ${safe(m.model)}: picks ${change(m, 'selection')}, passes ${change(m, 'passes')}`);
    if (m.inSample) lines.push(`    in-sample (cases proposers learned from): picks ${change(m.inSample, 'selection')}`);
    if (m.heldOut) lines.push(`    held-out (cases no proposer saw): picks ${change(m.heldOut, 'selection')}`);
    if (m.paraphrases) lines.push(`    paraphrases (no proposer saw them): picks ${change(m.paraphrases, 'selection')}`);
  }
  for (const c of report.cases) {
    const changed = c.after && (c.after.selection.k !== c.before.selection.k || c.after.passes.k !== c.before.passes.k);
    if (!flags.verbose && !changed) continue;
    const after = c.after
      ? `picks ${c.after.selection.k}/${c.after.selection.n}, passes ${c.after.passes.k}/${c.after.passes.n}`
      : 'not measured';
    lines.push(
      `    ${safe(c.id)}${c.paraphraseOf ? ' (paraphrase)' : ''} with ${safe(c.model)}: picks ${c.before.selection.k}/${c.before.selection.n}, passes ${c.before.passes.k}/${c.before.passes.n} -> ${after}`,
    );
  }
  lines.push(`  ${safe(report.stopped)}`);
  if (report.accepted > 0) {
    lines.push(
      `wrote ${safe(files.overrides)} (serve it with --descriptions), ${safe(files.diff)} and ${safe(files.report)} (improve.md beside it)`,
    );
  } else lines.push(`no rewrite accepted; wrote ${safe(files.report)}`);
  return `${lines.join('\n')}\n`;
}
