/**
 * Runs a golden set against one or more models: every case N times as independent samples, with
 * bounded concurrency, then scores, judges and aggregates into the report's `eval` section.
 */

import { createHash } from 'node:crypto';
import { missedArgumentHint } from '../models/lexical/arguments.js';
import type { CallStats, ModelClient } from '../models/types.js';
import type { EvalCaseResult, EvalReport, EvalSample, ServerFingerprint } from '../report/model.js';
import { fingerprintOf } from '../spec/fingerprint.js';
import type { ServerTool } from '../spec/tool.js';
import { modelTelemetry } from '../telemetry/eval-telemetry.js';
import type { PriceTable } from '../telemetry/prices.js';
import type { Tracing } from '../telemetry/tracing.js';
import type { McpSession } from '../wire/session.js';
import { runAgent, type AgentMrtr } from './agent.js';
import { caseVerdict, requiredPasses, summarizeCases } from './aggregate.js';
import { ConfusionTally, expectedFirstTool } from './confusions.js';
import { caseSha256 } from './golden/case-sha.js';
import { validateCaseTools } from './golden/index.js';
import { limitHeapGrowth } from './heap-growth.js';
import { judgeCompletion } from './judge.js';
import { DEFAULT_MAX_ROUNDS, DEFAULT_MAX_RUN_SAMPLING_CALLS, RunSamplingBudget } from './mrtr/limits.js';
import { sampleUsage } from './sample-usage.js';
import { inputReason, scoreInput, scoreSample } from './scorers/index.js';
import { DEFAULT_TRAJECTORY_MODE, keptSample, type TrajectoryMode } from './trajectories.js';
import type { GoldenCase, GoldenSet, Trajectory } from './types.js';
import { roundTo } from '../shared/numbers.js';
import { forEachInLanes } from '../shared/lanes.js';

export interface EvalModel {
  client: ModelClient;
  /** Calls and cache hits of this model (the cache wrapper counts into it). */
  stats: CallStats;
}

export interface EvalOptions {
  session: McpSession;
  golden: GoldenSet;
  goldenSha256: string;
  models: EvalModel[];
  judge?: ModelClient;
  runs: number;
  maxSteps: number;
  temperature: number;
  /** Fraction of runs a soft case must pass (0.8: 4 of 5). Hard cases need every run. */
  softFloor: number;
  allowTools: string[];
  concurrency: number;
  cacheMode: string;
  tracing?: Tracing;
  prices: PriceTable;
  /** After each sample; `passed` is false for a failed or errored sample. */
  onProgress?: (done: number, total: number, label: string, passed: boolean) => void;
  /** How input_required answers are followed (MRTR): sampling model, declared roots, limits. */
  mrtr?: Omit<AgentMrtr, 'runBudget'> & { maxRunSamplingCalls?: number };
  /** Calls and cache hits of a separate sampling model (--sampling-model), counted into the run's. */
  samplerStats?: CallStats;
  /** Run only the cases of this shard (1-based index of count); see shardOfCase. */
  shard?: EvalShard;
  /** Which samples keep their whole trajectory once scored (default: the failing ones). */
  trajectories?: TrajectoryMode;
}

export type EvalShard = NonNullable<EvalReport['shard']>;

/**
 * The shard (1..count) a case belongs to: a hash of its id alone, so the split is the same on every
 * runner and every run, and adding a case never moves the others.
 */
export function shardOfCase(id: string, count: number): number {
  return (createHash('sha256').update(id).digest().readUInt32BE(0) % count) + 1;
}

export interface EvalOutcome {
  report: EvalReport;
  fingerprint: ServerFingerprint;
  /** Set when the server stopped answering during the run; later samples are errors. */
  serverFailure?: string;
}

export async function runEval(options: EvalOptions): Promise<EvalOutcome> {
  limitHeapGrowth();
  const { shard } = options;
  const selected = shard ? options.golden.cases.filter((c) => shardOfCase(c.id, shard.count) === shard.index) : options.golden.cases;
  const tools = await options.session.listTools();
  const toolProblems = new Map<string, string>();
  for (const problem of validateCaseTools(
    options.golden,
    tools.map((t) => t.name),
  )) {
    const id = /case "([^"]+)"/.exec(problem)?.[1];
    if (id) toolProblems.set(id, problem);
  }

  const jobs: Array<{ model: EvalModel; c: GoldenCase; index: number; runs: number }> = [];
  for (const model of options.models) {
    for (const c of selected) {
      if (toolProblems.has(c.id)) continue;
      const runs = c.runs ?? options.runs;
      for (let index = 0; index < runs; index++) jobs.push({ model, c, index, runs });
    }
  }

  const samples = new Map<string, EvalSample[]>();
  // One budget for every sample of the run, whichever model or case draws on it.
  const runBudget = new RunSamplingBudget(options.mrtr?.maxRunSamplingCalls ?? DEFAULT_MAX_RUN_SAMPLING_CALLS);
  const confusions = new ConfusionTally();
  let serverFailure: string | undefined;
  let done = 0;
  await forEachInLanes(jobs.length, options.concurrency, async (jobIndex) => {
    const job = jobs[jobIndex]!;
    let sample: EvalSample;
    if (serverFailure) sample = errorSample(job.index, `not run: the server stopped answering (${serverFailure})`);
    else {
      const outcome = await runSample(job.c, job.model.client, tools, job.index, options, runBudget);
      sample = outcome.sample;
      if (outcome.serverDown) serverFailure ??= sample.error;
      if (outcome.chosen !== undefined) confusions.add(job.model.client.id, job.c.id, expectedFirstTool(job.c), outcome.chosen);
    }
    const key = `${job.model.client.id}\u0000${job.c.id}`;
    // Summarised as soon as it is scored, so a long run holds only what the report will keep.
    samples.set(key, [...(samples.get(key) ?? []), keptSample(sample, options.trajectories ?? DEFAULT_TRAJECTORY_MODE)]);
    options.onProgress?.(++done, jobs.length, `${job.model.client.id} ${job.c.id} #${job.index + 1}`, sample.status === 'pass');
  });

  const cases: EvalCaseResult[] = [];
  for (const model of options.models) {
    for (const c of selected) {
      const runs = c.runs ?? options.runs;
      const base = {
        id: c.id,
        model: model.client.id,
        kind: c.kind,
        tags: c.tags,
        source: c.source,
        caseSha256: caseSha256(c),
        runs,
        required: requiredPasses(c.kind, runs, options.softFloor, c.minPasses),
      };
      const problem = toolProblems.get(c.id);
      if (problem) {
        cases.push({
          ...base,
          passes: 0,
          errors: 0,
          passRate: 0,
          passHatK: [],
          status: 'error',
          flaky: false,
          message: problem,
          trajectories: [],
        });
        continue;
      }
      const list = (samples.get(`${model.client.id}\u0000${c.id}`) ?? []).sort((a, b) => a.index - b.index);
      cases.push(caseVerdict({ ...base, trajectories: list }));
    }
  }
  const confusionTables = confusions.tables(options.models.map((m) => m.client.id));
  return {
    report: { ...buildReport(options, cases), confusions: confusionTables },
    serverFailure,
    fingerprint: fingerprintOf(tools, options.session.serverInfo),
  };
}

async function runSample(
  c: GoldenCase,
  model: ModelClient,
  tools: ServerTool[],
  index: number,
  options: EvalOptions,
  runBudget: RunSamplingBudget,
): Promise<{ sample: EvalSample; serverDown?: boolean; chosen?: string | null }> {
  const { maxRunSamplingCalls: _run, ...mrtr } = options.mrtr ?? { roots: [], maxRounds: DEFAULT_MAX_ROUNDS };
  const trajectory = await runAgent(c, {
    model,
    session: options.session,
    tools,
    allowTools: new Set(options.allowTools),
    maxSteps: options.maxSteps,
    sampleIndex: index,
    temperature: options.temperature,
    tracing: options.tracing,
    mrtr: { ...mrtr, runBudget },
  });
  if (trajectory.ended === 'error') {
    return {
      sample: { ...fromTrajectory(index, trajectory), ...errorFields(trajectory.error ?? 'the sample failed') },
      serverDown: trajectory.serverDown,
    };
  }
  const calls = trajectory.steps.flatMap((s) => s.calls);
  const score = scoreSample(c, calls, model.kind === 'lexical-baseline' ? baselineHint(tools) : undefined);
  const input = scoreInput(c, calls);
  const completion = await judgeCompletion(options.judge, c, trajectory, index);
  const reasons = [...score.reasons, ...input.problems.map(inputReason)];
  if (input.unexpected.length > 0)
    reasons.push(`the server asked for ${input.unexpected.join(', ')} input (not expected by the case; allowed)`);
  if (trajectory.ended === 'max-steps') reasons.push(`stopped at the step bound (${options.maxSteps}) without a final answer`);
  if (completion.status === 'fail') reasons.push(`judge: ${completion.reason ?? 'task not completed'}`);
  const passed = score.passed && input.ok && completion.status !== 'fail';
  const sample: EvalSample = {
    ...fromTrajectory(index, trajectory),
    status: passed ? 'pass' : 'fail',
    selection: score.selection,
    overActivated: score.overActivated,
    ...(score.args ? { args: score.args } : {}),
    ...(score.sequence ? { sequence: score.sequence } : {}),
    forbidden: score.forbidden,
    ...(c.expectInput || input.asked.length > 0 || input.problems.length > 0 ? { input } : {}),
    completion,
    reasons,
  };
  return { sample, chosen: calls[0]?.name ?? null };
}

/** Why the lexical baseline left an argument out, read off the schema of the tool it called. */
function baselineHint(tools: ServerTool[]): (tool: string, argument: string) => string | undefined {
  return (tool, argument) => {
    const schema = tools.find((t) => t.name === tool)?.inputSchema;
    return schema ? missedArgumentHint(schema, argument) : undefined;
  };
}

function fromTrajectory(index: number, t: Trajectory): EvalSample {
  const calls = t.steps.flatMap((s) => s.calls);
  return {
    index,
    status: 'fail',
    selection: 'none',
    overActivated: false,
    forbidden: [],
    completion: { status: 'not_measured' },
    reasons: [],
    calls: calls.map((call) => ({
      name: call.name,
      arguments: call.arguments,
      result: call.result.slice(0, 500),
      isError: call.isError,
      ...(call.refused ? { refused: true } : {}),
      serverMs: roundTo(call.serverMs, 1),
      ...(call.rounds ? { rounds: call.rounds } : {}),
    })),
    finalText: t.finalText.slice(0, 2_000),
    ended: t.ended,
    modelMs: roundTo(
      t.steps.reduce((ms, s) => ms + s.modelMs, 0),
      1,
    ),
    serverMs: roundTo(
      calls.reduce((ms, c) => ms + c.serverMs, 0),
      1,
    ),
    stepMs: t.steps.map((s) => roundTo(s.modelMs, 1)),
    ...sampleUsage(t),
  };
}

function errorFields(error: string): Pick<EvalSample, 'status' | 'error' | 'completion'> {
  return { status: 'error', error, completion: { status: 'not_measured', reason: 'the sample did not complete' } };
}

function errorSample(index: number, error: string): EvalSample {
  return { ...fromTrajectory(index, { steps: [], finalText: '', ended: 'error' }), ...errorFields(error) };
}

function addCalls(a: CallStats, b: CallStats): CallStats {
  return { providerCalls: a.providerCalls + b.providerCalls, cacheHits: a.cacheHits + b.cacheHits };
}

function separateSampling(cases: EvalCaseResult[]): CallStats {
  const sampling = cases.flatMap((c) => c.trajectories.flatMap((t) => (t.sampling ? [t.sampling] : [])));
  return {
    providerCalls: sampling.reduce((n, s) => n + s.modelCalls, 0),
    cacheHits: sampling.reduce((n, s) => n + s.cacheHits, 0),
  };
}

function buildReport(options: EvalOptions, cases: EvalCaseResult[]): EvalReport {
  const pricedAt = new Date().toISOString();
  const total = [...options.models.map((m) => m.stats), ...(options.samplerStats ? [options.samplerStats] : [])].reduce(addCalls, {
    providerCalls: 0,
    cacheHits: 0,
  });
  const perModel = Object.fromEntries(
    options.models.map((m) => {
      const own = cases.filter((c) => c.model === m.client.id);
      // The model under test as its own sampler counts its sampling calls in its stats already; a
      // separate sampling model counts them apart, so each model is given those its samples made.
      return [m.client.id, summarizeCases(own, options.samplerStats ? addCalls(m.stats, separateSampling(own)) : m.stats)];
    }),
  );
  const ids = [...new Set(cases.map((c) => c.id))];
  return {
    golden: { file: options.golden.file, sha256: options.goldenSha256, cases: options.golden.cases.length },
    models: options.models.map((m) => ({ id: m.client.id, kind: m.client.kind })),
    judge: options.judge ? { id: options.judge.id } : null,
    settings: {
      runs: options.runs,
      maxSteps: options.maxSteps,
      temperature: options.temperature,
      softMinPasses: requiredPasses('soft', options.runs, options.softFloor),
      cache: options.cacheMode,
      concurrency: options.concurrency,
    },
    cases,
    summary: summarizeCases(cases, total),
    perModel,
    telemetry: Object.fromEntries(options.models.map((m) => [m.client.id, modelTelemetry(cases, m.client.id, options.prices, pricedAt)])),
    matrix: {
      models: options.models.map((m) => m.client.id),
      rows: ids.map((id) => ({
        id,
        cells: Object.fromEntries(
          cases.filter((c) => c.id === id).map((c) => [c.model, { passes: c.passes, runs: c.runs, status: c.status, flaky: c.flaky }]),
        ),
      })),
    },
    ...(options.shard ? { shard: options.shard } : {}),
  };
}
