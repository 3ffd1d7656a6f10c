/** improve.md: the report for a pull request, the split first, in-sample and held-out figures side by side. */

import { md } from '../../report/markdown-text.js';
import type { BeforeAfter, ImproveReport } from './report.js';
import type { Split } from './split.js';

const cell = (t: { k: number; n: number }): string => `${t.k}/${t.n}`;
const text = (s: string): string => md(s, Number.POSITIVE_INFINITY);

/** "3 folds, seed 1 (35 cases, fewer than 40: k-fold)" or "one hold-out of 30%, seed 7 (--holdout)". */
export function splitLine(split: Split): string {
  const kind =
    split.kind === 'k-fold' ? `${split.folds} folds, each held out in turn` : `one hold-out of ${Math.round((split.holdout ?? 0) * 100)}%`;
  const sizes = split.parts.map((p) => p.length).join(' + ');
  return `${kind}, seed ${split.seed} (${split.chosen}); held-out cases per part: ${sizes}; stratified by expected tool`;
}

export function improveMarkdown(report: ImproveReport): string {
  const proposer =
    report.proposer.kind === 'heuristic' ? `\`${report.proposer.id}\` (a lexical heuristic, not a model)` : `\`${report.proposer.id}\``;
  const lines = [
    '### mcpgate improve',
    '',
    `Proposer ${proposer}; ${report.runs} runs per case; ${report.accepted} rewrite(s) accepted; ${report.budget.providerCalls} provider calls. ${text(report.stopped)}.`,
    '',
    `**${text(report.generalisation)}.**`,
    '',
    `Split: ${text(splitLine(report.split))}. A proposer sees only the cases outside the part held out; a rewrite is kept only when its gain on the unseen cases (the held-out part and every paraphrase) is significant.`,
  ];
  if (report.paraphrases) {
    const p = report.paraphrases;
    lines.push(
      '',
      `Paraphrases: ${p.written} rewording(s) by \`${text(p.writer)}\` (${p.perCase} asked per case; ${p.skipped.length} case(s) not reworded, ${p.unreadable.length} answer(s) short or unreadable), held out from every proposer.`,
    );
  }
  lines.push(
    '',
    '| Round | Part | Confusion (expected → chosen) | Proposal | In-sample (learned from) | Held-out (unseen) | Verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...report.trials.map(
      (t) =>
        `| ${t.round} | ${t.part} | ${text(t.confusion.expected ?? 'none')} → ${text(t.confusion.chosen ?? 'none')} | ${text(t.proposal.label)} | ${cell(t.inSample.before)} → ${cell(t.inSample.after)} | ${cell(t.heldOut.before)} → ${cell(t.heldOut.after)} [${t.heldOut.low}, ${t.heldOut.high}] | ${t.accepted ? 'accepted' : `rejected: ${text(t.regressions[0] ?? t.reason)}`} |`,
    ),
    ...report.refused.map(
      (r) =>
        `| ${r.round} | ${r.part} | ${text(r.confusion.expected ?? 'none')} → ${text(r.confusion.chosen ?? 'none')} | ${text(r.proposal.label)} | | | refused: ${text(r.reason)} |`,
    ),
    ...report.unreadable.map(
      (u) =>
        `| ${u.round} | ${u.part} | ${text(u.confusion.expected ?? 'none')} → ${text(u.confusion.chosen ?? 'none')} | no proposal: ${text(u.problem)} | | | not tested |`,
    ),
    '',
    '| Model | Right picks, all cases | In-sample | Held-out | Paraphrases | Passes, all cases |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.perModel.map(
      (m) =>
        `| ${text(m.model)} | ${change(m, 'selection')} | ${m.inSample ? change(m.inSample, 'selection') : '(per trial)'} | ${m.heldOut ? change(m.heldOut, 'selection') : '(per trial)'} | ${m.paraphrases ? change(m.paraphrases, 'selection') : 'none'} | ${change(m, 'passes')} |`,
    ),
  );
  const moved = report.cases.filter(
    (c) => c.after && (c.after.selection.k !== c.before.selection.k || c.after.passes.k !== c.before.passes.k),
  );
  if (moved.length > 0) {
    lines.push('', '| Case | Model | Right picks | Passes |', '| --- | --- | --- | --- |');
    for (const c of moved)
      lines.push(
        `| ${text(c.id)}${c.paraphraseOf ? ' (paraphrase)' : ''} | ${text(c.model)} | ${cell(c.before.selection)} → ${cell(c.after!.selection)} | ${cell(c.before.passes)} → ${cell(c.after!.passes)} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

function change(figures: BeforeAfter, what: 'selection' | 'passes'): string {
  return `${cell(figures.before[what])} → ${figures.after ? cell(figures.after[what]) : 'not measured'}`;
}
