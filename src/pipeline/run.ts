/**
 * `mcpgate run` as a pipeline: every configured layer from one mcpgate.yaml, in order, into one report,
 * then the gate and the history. The whole config is checked and every input loaded first (run-plan.ts),
 * so bad input stops the run before anything has run. Layer 0 always runs; layer 1 (and the telemetry
 * of layer 3) when models are configured; layer 2 when it is configured. A shard (`--shard i/n`) runs
 * part of layer 1 and is neither gated nor recorded. The CLI only prints the result.
 */

import { summarizeChecks } from '../conformance/summary.js';
import { gateAgainst, recordInHistory } from '../gate/baseline.js';
import { readHistory } from '../gate/history.js';
import type { GateResult } from '../gate/types.js';
import { writeReports, type OutputFiles } from '../report/formats.js';
import type { HistoryEntry, Report, Verdict } from '../report/model.js';
import type { EvalShard } from '../behavior/runner.js';
import { EXIT } from '../shared/exit-codes.js';
import { usageError } from '../shared/input-error.js';
import { runChaosLayer } from './chaos-layer.js';
import { runCheckLayer } from './check-layer.js';
import { combineVerdicts } from './combine.js';
import { loadConfig } from './config.js';
import type { McpgateConfig } from './config-schema.js';
import { startServer, type StartedServer } from './server-start.js';
import { CHECK_DEFAULTS, DEFAULT_MAX_RESPONSE_BYTES } from './defaults.js';
import { runEvalLayer } from './eval-layer.js';
import { planRun, type RunPlan } from './run-plan.js';
import { sourceCommit } from './source-commit.js';

export interface PipelineRun {
  report: Report;
  /** Present when the config names a baseline. */
  gate?: GateResult;
  /** The files written, by format (JSON always). */
  outputs: OutputFiles;
  history: HistoryEntry[];
}

type LayerVerdict = { layer: string; verdict: Verdict };

/** Said on every run with `gate.baseline: auto` and `history.record: false` (warning and `gate.notRecorded`). */
export const NOT_RECORDED = 'history.record is false: this run is not recorded, so it can never become the baseline';

/** Outcomes that leave nothing to compare with a baseline, so they stand whatever the gate says. */
const BLOCKING: readonly number[] = [EXIT.unreachable, EXIT.missingCredentials, EXIT.usage];

async function runLayers(plan: RunPlan): Promise<{ report: Report; verdicts: LayerVerdict[] }> {
  const report = await runCheckLayer({
    target: plan.target,
    strict: plan.check.strict,
    allowTools: plan.check.allowTools,
    calls: plan.check.calls,
    expectedFailures: plan.check.expectedFailures,
    connect: { ...plan.connect, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES },
    concurrency: CHECK_DEFAULTS.concurrency,
    maxCalls: plan.check.maxCalls,
    maxListItems: plan.check.maxListItems,
    maxListBytes: plan.check.maxListBytes,
    auth: plan.check.auth,
  });
  // Nothing answered: the later layers would only repeat that, and the verdict is layer 0's own line.
  if (report.verdict.exitCode === EXIT.unreachable) return { report, verdicts: [{ layer: 'layer 0', verdict: report.verdict }] };
  const verdicts = [{ layer: 'layer 0', verdict: report.verdict }];
  if (plan.eval) {
    const layer1 = await runEvalLayer(plan.eval);
    report.eval = layer1.outcome.report;
    const served = layer1.outcome.fingerprint.descriptions;
    report.target.fingerprint = {
      ...(report.target.fingerprint ?? layer1.outcome.fingerprint),
      ...(served ? { descriptions: served } : {}),
    };
    verdicts.push({ layer: 'layer 1', verdict: layer1.verdict });
  }
  if (plan.chaos) {
    // Probes join `checks`; the scan, pins and scenarios go to `chaos`.
    const chaos = await runChaosLayer({ target: plan.target, connect: plan.connect, allowTools: plan.check.allowTools, ...plan.chaos });
    report.checks.push(...chaos.checks);
    report.chaos = chaos.chaos;
    report.summary = summarizeChecks(report.checks, plan.check.expectedFailures?.ids);
    verdicts.push({ layer: 'layer 2', verdict: chaos.verdict });
  }
  report.verdict = combineVerdicts(verdicts);
  return { report, verdicts };
}

/** What `mcpgate run`'s flags change in mcpgate.yaml for one run. */
export interface RunOverrides {
  /** --allow-drafts: only ever towards allowing. */
  allowDrafts?: boolean;
  /** --check-only: layer 0 alone (the workflow's conformance job on every push): no models, no keys. */
  checkOnly?: boolean;
  /** --model: these models instead of eval.models (the workflow's matrix job). */
  models?: string[];
  /** --max-rounds and --root: instead of eval.max_rounds and eval.roots. */
  maxRounds?: number;
  roots?: string[];
  /** --max-input-requests, --max-sampling-calls, --max-run-sampling-calls: instead of the eval keys of the same names. */
  maxInputRequests?: number;
  maxSamplingCalls?: number;
  maxRunSamplingCalls?: number;
  /** --shard i/n: one shard of the golden set (shardedPlan), neither gated nor recorded. */
  shard?: EvalShard;
}

/**
 * A shard runs layer 0 (merge requires the shards' checks to agree), the cases of its shard, and
 * layer 2 only when it is shard 1: the probes, scan, pins and agent scenarios run once, as in the
 * unsharded run, and the merge takes them from the one shard that holds a chaos section (its checks
 * are the others' plus the probes'; merge-checks.ts). Running the probes in every shard would repeat
 * them n times, and a timing-dependent probe could then disagree between shards and refuse the merge.
 */
function shardedPlan(plan: RunPlan, shard: EvalShard | undefined): RunPlan {
  if (!shard) return plan;
  if (!plan.eval)
    throw usageError(
      `--shard ${shard.index}/${shard.count} splits the golden set, and this config runs no eval (eval.golden and eval.models); run without --shard`,
    );
  const { chaos, ...rest } = plan;
  return {
    ...rest,
    eval: { ...plan.eval, options: { ...plan.eval.options, shard } },
    ...(chaos && shard.index === 1 ? { chaos } : {}),
  };
}

function applyOverrides(config: McpgateConfig, overrides: RunOverrides): McpgateConfig {
  const changed = { ...config };
  if (overrides.checkOnly) {
    delete changed.eval;
    delete changed.chaos;
  }
  if (changed.eval && overrides.allowDrafts) changed.eval = { ...changed.eval, allow_drafts: true };
  if (changed.eval && overrides.models?.length) changed.eval = { ...changed.eval, models: overrides.models };
  if (changed.eval && overrides.maxRounds !== undefined) changed.eval = { ...changed.eval, max_rounds: overrides.maxRounds };
  if (changed.eval && overrides.roots?.length) changed.eval = { ...changed.eval, roots: overrides.roots };
  if (changed.eval && overrides.maxInputRequests !== undefined)
    changed.eval = { ...changed.eval, max_input_requests: overrides.maxInputRequests };
  if (changed.eval && overrides.maxSamplingCalls !== undefined)
    changed.eval = { ...changed.eval, max_sampling_calls: overrides.maxSamplingCalls };
  if (changed.eval && overrides.maxRunSamplingCalls !== undefined)
    changed.eval = { ...changed.eval, max_run_sampling_calls: overrides.maxRunSamplingCalls };
  return changed;
}

export async function runPipeline(
  configFile: string,
  onWarning: (warning: string) => void,
  overrides: RunOverrides = {},
): Promise<PipelineRun> {
  const plan = shardedPlan(planRun(applyOverrides(loadConfig(configFile), overrides), configFile), overrides.shard);
  const server = plan.start && plan.target.kind === 'http' ? await startServer(plan.start, plan.target.url) : undefined;
  try {
    return await gateAndRecord(plan, configFile, onWarning, server);
  } finally {
    await server?.stop();
  }
}

/**
 * A run that could not test the server (it did not answer, or the server mcpgate started died during
 * the run) is exit 3: its report is written, saying so, but it is neither gated nor recorded, so the
 * history holds only runs that measured the server.
 */
async function gateAndRecord(
  plan: RunPlan,
  configFile: string,
  onWarning: (warning: string) => void,
  server: StartedServer | undefined,
): Promise<PipelineRun> {
  for (const warning of plan.eval?.draftWarnings ?? []) onWarning(warning);
  const { report, verdicts } = await runLayers(plan);
  const commit = sourceCommit(configFile);
  if (commit) report.commit = commit;
  const died = await server?.endedEarly();
  if (died) report.verdict = { exitCode: EXIT.unreachable, reason: died };
  const measured = report.verdict.exitCode !== EXIT.unreachable;
  let gate: GateResult | undefined;
  // A shard is part of a run: the merged report is gated and recorded, never a shard on its own.
  const sharded = plan.eval?.options.shard !== undefined;
  if (plan.gate && measured && !sharded) {
    // With a baseline the gate decides: hard rules on every run, soft scores against the last green
    // one (or, on the first run of a recorded history, the hard rules alone). Only outcomes that left
    // nothing to compare (unreachable, credentials, usage) still count.
    const where = { baseline: plan.gate.baseline, historyDir: plan.history.dir, record: plan.history.record, notRecorded: NOT_RECORDED };
    gate = gateAgainst(report, where, plan.gate.options, onWarning);
    // In the report, so every format can explain the verdict (baseline, items, intervals, tool changes).
    report.gate = gate;
    const blocking = verdicts.filter((v) => BLOCKING.includes(v.verdict.exitCode));
    report.verdict = combineVerdicts([...blocking, { layer: 'gate', verdict: { exitCode: gate.exitCode, reason: gate.reason } }]);
  }
  const history = readHistory(plan.history.dir).entries.map((e) => e.entry);
  await writeReports(report, plan.outputs, { anchorFile: configFile, history });
  // The report as written, verdict included: the entry's `green` and this run's exit code agree.
  if (plan.history.record && measured && !sharded) recordInHistory(plan.history.dir, report);
  return { report, ...(gate ? { gate } : {}), outputs: plan.outputs, history };
}
