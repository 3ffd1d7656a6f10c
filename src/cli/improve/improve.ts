/** `mcpgate improve`: flags -> the loop (pipeline/improve.ts) -> overrides, diff, report -> exit code. */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { improveMarkdown } from '../../behavior/improve/markdown.js';
import { descriptionsDiff, overridesYaml } from '../../behavior/improve/outputs.js';
import { improveReport } from '../../behavior/improve/report.js';
import { prepareImprove, runImprove } from '../../pipeline/improve.js';
import { credentialsFromFlags } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import { rejectedCredentials } from '../../models/rejections.js';
import { painter } from '../../report/ansi.js';
import { jsonText } from '../../report/json-text.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeFileAtomic } from '../../shared/files.js';
import { redact, redactDeep } from '../../shared/redact.js';
import { writeErr, writeOut } from '../console.js';
import { useColor } from '../display.js';
import type { ImproveFlags } from './flags.js';
import { renderImprove } from './render.js';

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
    ...(flags.holdout !== undefined ? { holdout: flags.holdout } : {}),
    ...(flags.folds !== undefined ? { folds: flags.folds } : {}),
    seed: flags.seed,
    ...(flags.paraphrases !== undefined ? { paraphrases: flags.paraphrases } : {}),
    ...(flags.paraphraseModel !== undefined ? { paraphraseModel: flags.paraphraseModel } : {}),
  });
  if (flags.model.length === 0) writeErr('mcpgate: no --model given; improving for the offline lexical baseline (not an LLM)\n');
  const { outcome, paraphrases } = await runImprove(prepared, (message) => {
    if (!flags.quiet) writeErr(`mcpgate: ${safe(message)}\n`);
  });
  const report = redactDeep(
    improveReport(outcome, prepared.proposer, {
      runs: flags.runs,
      ...(flags.budget ? { budget: flags.budget } : {}),
      split: prepared.split,
      ...(paraphrases ? { paraphrases } : {}),
    }),
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
  writeOut(renderImprove(report, files, painter(useColor(flags)), flags));
  // Written whatever happened; then a rejected key is the cause to fix, and answers never tested prove nothing.
  const rejected = rejectedCredentials();
  if (rejected) {
    writeErr(`mcpgate: ${safe(rejected)}\n`);
    return EXIT.missingCredentials;
  }
  if (report.accepted === 0 && report.trials.length === 0 && report.refused.length === 0 && report.unreadable.length > 0)
    return EXIT.inconclusive;
  return report.accepted > 0 || !outcome.confusionsLeft ? EXIT.pass : EXIT.gateFailed;
}
