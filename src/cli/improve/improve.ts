/** `mcpgate improve`: flags -> the loop (pipeline/improve.ts) -> overrides, diff, report -> exit code. */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { descriptionsDiff, improveMarkdown, improveReport, overridesYaml, type ImproveReport } from '../../behavior/improve/outputs.js';
import { prepareImprove, runImprove } from '../../pipeline/improve.js';
import { credentialsFromFlags } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import { rejectedCredentials } from '../../models/errors.js';
import { painter, type Paint } from '../../report/ansi.js';
import { jsonText } from '../../report/json-text.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeFileAtomic } from '../../shared/files.js';
import { redact, redactDeep } from '../../shared/redact.js';
import { writeErr, writeOut } from '../console.js';
import { useColor } from '../display.js';
import type { DisplayFlags } from '../flags/groups/display.js';
import type { ImproveFlags } from './flags.js';

export async function improveCommand(flags: ImproveFlags): Promise<number> {
  const target = targetFrom(flags);
  const credentials = credentialsFromFlags(target, flags);
  const prepared = prepareImprove({
    target,
    golden: flags.golden,
    models: flags.model.length > 0 ? flags.model : ['baseline'],
    baseUrl: flags.baseUrl,
    cache: flags.cache,
    cacheDir: flags.cacheDir,
    modelTimeoutMs: flags.modelTimeout,
    proposer: flags.proposer,
    ...(flags.descriptions ? { descriptions: flags.descriptions } : {}),
    runs: flags.runs,
    maxSteps: flags.maxSteps,
    softFloor: flags.softFloor,
    concurrency: flags.concurrency,
    allowTools: flags.allowTool,
    headers: credentials.headers,
    ...(credentials.credentials ? { credentials: credentials.credentials } : {}),
    timeoutMs: flags.timeout,
    proposalRounds: flags.proposalRounds,
    ...(flags.budget !== undefined ? { budget: flags.budget } : {}),
    guard: flags.guard,
    top: flags.top,
    confidence: flags.confidence,
  });
  if (flags.model.length === 0) writeErr('mcpgate: no --model given; improving for the offline lexical baseline (not an LLM)\n');
  const outcome = await runImprove(prepared, (message) => {
    if (!flags.quiet) writeErr(`mcpgate: ${safe(message)}\n`);
  });
  const report = redactDeep(
    improveReport(outcome, prepared.proposer, { runs: flags.runs, ...(flags.budget ? { budget: flags.budget } : {}) }),
  );
  mkdirSync(flags.out, { recursive: true });
  const files = {
    overrides: join(flags.out, 'descriptions.yaml'),
    diff: join(flags.out, 'descriptions.diff'),
    report: join(flags.out, 'improve.json'),
  };
  writeFileAtomic(files.report, `${jsonText(report)}\n`);
  writeFileAtomic(join(flags.out, 'improve.md'), improveMarkdown(report));
  if (report.accepted > 0) {
    // Descriptions are the server's text: masked like every report before they reach a file.
    writeFileAtomic(files.overrides, redact(overridesYaml(outcome, prepared.proposer)));
    writeFileAtomic(files.diff, redact(descriptionsDiff(outcome)));
  }
  writeOut(render(report, files, painter(useColor(flags)), flags));
  // Written whatever happened; then a rejected key is the cause to fix, and answers never tested prove nothing.
  const rejected = rejectedCredentials();
  if (rejected) {
    writeErr(`mcpgate: ${safe(rejected)}\n`);
    return EXIT.missingCredentials;
  }
  if (report.accepted === 0 && report.trials.length === 0 && report.unreadable.length > 0) return EXIT.inconclusive;
  const confused = report.trials.length > 0 || outcome.stopped !== 'no confusion left';
  return report.accepted > 0 || !confused ? EXIT.pass : EXIT.gateFailed;
}

function rate(t: { k: number; n: number }): string {
  return `${t.k}/${t.n}${t.n > 0 ? ` (${Math.round((t.k / t.n) * 1000) / 10}%)` : ''}`;
}

function render(
  report: ImproveReport,
  files: { overrides: string; diff: string; report: string },
  paint: Paint,
  flags: DisplayFlags,
): string {
  const proposer = report.proposer.kind === 'heuristic' ? `${report.proposer.id} (heuristic, not a model)` : report.proposer.id;
  if (flags.quiet) return `${report.accepted} rewrite(s) accepted; ${safe(report.stopped)}\n`;
  const lines = [
    paint('bold', `improve: proposer ${safe(proposer)}, ${report.runs} runs per case, ${report.budget.providerCalls} provider calls`),
  ];
  for (const t of report.trials) {
    if (!flags.verbose && !t.accepted) continue;
    const mark = t.accepted ? paint('green', 'accepted') : paint('dim', 'rejected');
    const cell = `${t.confusion.expected ?? 'none'} -> ${t.confusion.chosen ?? 'none'}`;
    lines.push(`  round ${t.round} ${mark}  ${safe(cell)}: ${safe(t.proposal.label)}`);
    lines.push(`    ${safe(t.reason)}; gain interval [${t.gain.low}, ${t.gain.high}]`);
    for (const r of t.regressions) lines.push(`    ${paint('red', 'regressed')} ${safe(r)}`);
  }
  const rejected = report.trials.filter((t) => !t.accepted).length;
  if (!flags.verbose && rejected > 0) lines.push(paint('dim', `  ${rejected} proposal(s) rejected (--verbose lists them)`));
  for (const u of report.unreadable)
    lines.push(
      `  round ${u.round} ${paint('yellow', 'unreadable')}  ${safe(`${u.confusion.expected ?? 'none'} -> ${u.confusion.chosen ?? 'none'}`)}: ${safe(u.problem)}`,
    );
  lines.push(paint('bold', 'right first picks and passes, before -> after'));
  for (const m of report.perModel) {
    const after = m.after ? `picks ${rate(m.after.selection)}, passes ${rate(m.after.passes)}` : 'not measured';
    lines.push(`  ${safe(m.model)}: picks ${rate(m.before.selection)}, passes ${rate(m.before.passes)} -> ${after}`);
  }
  for (const c of report.cases) {
    const changed = c.after && (c.after.selection.k !== c.before.selection.k || c.after.passes.k !== c.before.passes.k);
    if (!flags.verbose && !changed) continue;
    const after = c.after
      ? `picks ${c.after.selection.k}/${c.after.selection.n}, passes ${c.after.passes.k}/${c.after.passes.n}`
      : 'not measured';
    lines.push(
      `    ${safe(c.id)} with ${safe(c.model)}: picks ${c.before.selection.k}/${c.before.selection.n}, passes ${c.before.passes.k}/${c.before.passes.n} -> ${after}`,
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
