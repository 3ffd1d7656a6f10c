/** `mcpgate eval`: flags -> layer 1 (pipeline/eval-layer.ts) -> reports -> exit code. */

import { summarizeChecks } from '../../conformance/summary.js';
import { prepareEvalLayer, runEvalLayer, type EvalLayerOptions } from '../../pipeline/eval-layer.js';
import { credentialsFromFlags, type ServerCredentials } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import { writeMaskedReports } from '../../report/formats.js';
import { masked } from '../../report/masked.js';
import { reportHeader, startRunClock } from '../../report/header.js';
import type { Report } from '../../report/model.js';
import { describeTarget, type Target } from '../../wire/target.js';
import { printMaskedReport } from '../display.js';
import type { EvalFlags } from './flags.js';
import { outputFiles } from '../flags/outputs.js';
import { warnOnStderr, writeErr } from '../console.js';

/** The flags as layer 1's options: the one place where `--model` becomes `models`, `--timeout` `timeoutMs`. */
function evalLayerOptions(flags: EvalFlags, target: Target, credentials: ServerCredentials): EvalLayerOptions {
  return {
    target,
    golden: flags.golden,
    models: flags.model.length > 0 ? flags.model : ['baseline'],
    judge: flags.judge,
    baseUrl: flags.baseUrl,
    runs: flags.runs,
    maxSteps: flags.maxSteps,
    softFloor: flags.softFloor,
    cache: flags.cache,
    cacheDir: flags.cacheDir,
    concurrency: flags.concurrency,
    allowTools: flags.allowTool,
    headers: credentials.headers,
    ...(credentials.credentials ? { credentials: credentials.credentials } : {}),
    timeoutMs: flags.timeout,
    modelTimeoutMs: flags.modelTimeout,
    prices: flags.prices,
    shard: flags.shard,
    allowDrafts: flags.allowDrafts ?? false,
    descriptions: flags.descriptions,
    trajectories: flags.trajectories,
    maxRounds: flags.maxRounds,
    maxInputRequests: flags.maxInputRequests,
    maxSamplingCalls: flags.maxSamplingCalls,
    maxRunSamplingCalls: flags.maxRunSamplingCalls,
    samplingModel: flags.samplingModel,
    roots: flags.root,
    paraphrases: flags.paraphrases,
    paraphraseModel: flags.paraphraseModel,
  };
}

export async function evaluate(flags: EvalFlags): Promise<number> {
  const target = targetFrom(flags);
  const prepared = prepareEvalLayer(evalLayerOptions(flags, target, credentialsFromFlags(target, flags)));
  for (const warning of prepared.draftWarnings) warnOnStderr(warning);
  if (flags.model.length === 0) writeErr('mcpgate: no --model given; using the offline lexical baseline (not an LLM)\n');
  const clock = startRunClock();
  const layer1 = await runEvalLayer(prepared);
  const targetInfo: Report['target'] = {
    transport: target.kind,
    endpoint: describeTarget(target),
    era: layer1.era,
    ...(layer1.serverInfo ? { serverInfo: layer1.serverInfo } : {}),
    fingerprint: layer1.outcome.fingerprint,
  };
  const report: Report = {
    ...reportHeader(clock, targetInfo, { strict: false, allowTools: flags.allowTool }),
    checks: [],
    summary: summarizeChecks([], undefined),
    verdict: layer1.verdict,
    eval: layer1.outcome.report,
  };
  // Masked once for both: the files and the terminal show the same copy.
  const shown = masked(report);
  await writeMaskedReports(shown, outputFiles(flags), { anchorFile: flags.golden });
  printMaskedReport(shown, flags);
  return report.verdict.exitCode;
}
