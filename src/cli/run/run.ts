/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import { renderGate } from '../../gate/render.js';
import { loadConfig } from '../../pipeline/config.js';
import { runPipeline } from '../../pipeline/run.js';
import { warnOnStderr, writeOut } from '../console.js';
import { metricLegendLines } from '../../report/terminal-terms.js';
import type { GateResult, Report } from '../../report/model.js';
import { outputWidth, printReport, printVerdict } from '../display.js';
import type { RunFlags } from './flags.js';
import type { EvalShard } from '../../behavior/runner.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageError } from '../../shared/input-error.js';
import { redactDeep } from '../../shared/redact.js';

/**
 * The models `run` with these flags would evaluate: --check-only none, --model those, else eval.models.
 * The config is checked as a whole, but nothing else is loaded: the job that asks has no keys.
 */
function listModels(flags: RunFlags): number {
  const config = loadConfig(flags.config);
  const models = flags.checkOnly ? [] : flags.model?.length ? flags.model : (config.eval?.models ?? []);
  writeOut(`${JSON.stringify(models)}\n`);
  return EXIT.pass;
}

export async function run(flags: RunFlags): Promise<number> {
  if (flags.listModels) return listModels(flags);
  if (flags.shard && flags.checkOnly)
    throw usageError('--shard splits the golden set, and --check-only runs no eval; give one of them, not both');
  const { report, gate } = await runPipeline(flags.config, warnOnStderr, {
    allowDrafts: flags.allowDrafts ?? false,
    checkOnly: flags.checkOnly ?? false,
    models: flags.model ?? [],
    ...(flags.maxRounds !== undefined ? { maxRounds: flags.maxRounds } : {}),
    maxInputRequests: flags.maxInputRequests,
    maxSamplingCalls: flags.maxSamplingCalls,
    maxRunSamplingCalls: flags.maxRunSamplingCalls,
    roots: flags.root ?? [],
    ...(flags.shard ? { shard: flags.shard } : {}),
  });
  // A run that could not test the server is its one verdict line: every check skipped or refused for
  // that one reason is no news on the terminal (the report files keep them).
  if (report.verdict.exitCode === EXIT.unreachable) {
    printVerdict(report, flags);
    return report.verdict.exitCode;
  }
  // The gate's table goes above the failure list; the verdict is the report's, printed once. Passing
  // checks and scenarios are counted, not listed, unless --verbose: what did not pass is what matters here.
  printReport(report, flags, {
    ...(gate ? { beforeVerdict: gateBlock(redactDeep(gate), report, flags.verbose ?? false) } : {}),
    ...(flags.shard ? { beforeVerdict: shardNote(flags.shard) } : {}),
    listPassing: flags.verbose ?? false,
  });
  return report.verdict.exitCode;
}

/** A shard is part of a run; its report is merged with the others' and gated then (docs/gate.md, "Sharding and merge"). */
function shardNote(shard: EvalShard): string {
  return `shard ${shard.index}/${shard.count} of a run: not gated and not recorded; merge the shard reports (mcpgate merge shard-*.json --out run.json), then gate the merged report (mcpgate gate --report run.json --baseline auto --record)`;
}

/** The gate's table, and under it what each metric item it or the verdict names means. */
function gateBlock(gate: GateResult, report: Report, verbose: boolean): string {
  const shown = gate.findings.filter((f) => verbose || f.verdict !== 'pass').map((f) => f.item);
  const legend = metricLegendLines([...shown, gate.reason, report.verdict.reason], outputWidth());
  const table = renderGate(gate, { verbose, verdict: false });
  return legend.length > 0 ? `${table}\n${legend.join('\n')}` : table;
}
