/**
 * Layer 2 with a model in the loop: starts the fault proxy in front of the real server, opens the
 * agent's session to the proxy, and runs every fault scenario and every injection case (per
 * payload class) N times per model. Samples run one after another, because the proxy's plan and
 * its occurrence counts belong to the sample being run.
 */

import { applyDescriptions, type DescriptionOverrides } from '../../behavior/descriptions/index.js';
import { DEFAULT_MRTR_LIMITS, RunSamplingBudget } from '../../behavior/mrtr/limits.js';
import type { ModelClient } from '../../models/types.js';
import type { FaultSample, FaultScenarioResult, InjectionResult, ScenarioReport, StateFinding } from '../../report/model.js';
import { openSession, type McpSession } from '../../wire/session.js';
import type { ConnectOptions, Target } from '../../wire/target.js';
import { startFaultProxy } from '../proxy/server.js';
import { stateFindingsOf } from '../proxy/state-findings.js';
import { attackSuccess, scenarioResult, summarizeScenarios } from './aggregate.js';
import { runFaultSample } from './fault-sample.js';
import { checkFaultTools } from './faults-tools.js';
import { injectionResult, runInjectionSample, type RunInjectionSample } from './injection-sample.js';
import type { SampleContext } from './sample-context.js';
import type { FaultsFile } from './types.js';

export interface FaultRunOptions {
  /** The real server. */
  target: Target;
  /** How the proxy reaches it: timeouts, size cap, extra headers such as credentials. */
  connect: ConnectOptions;
  models: readonly ModelClient[];
  judge?: ModelClient;
  runs: number;
  faults: FaultsFile;
  /** Tools that may run although not annotated read-only or non-destructive (agent and proxy). */
  allowTools: readonly string[];
  /** Model calls per user turn (default 8). */
  maxSteps?: number;
  /** Default 0. */
  temperature?: number;
  /** The agent's client timeout per request, which a `hang` fault waits out (default connect.timeoutMs). */
  callTimeoutMs?: number;
  /** How the agent follows input_required (default: the limits of limits.ts, no roots); its sampling requests go to the model under test. */
  mrtr?: { maxRounds: number; roots: string[]; maxInputRequests?: number; maxSamplingCalls?: number; maxRunSamplingCalls?: number };
  /** The proxy's port (default 0: a free one). */
  proxyPort?: number;
  /** Served to the models in place of the server's descriptions; calls still go to the server. */
  descriptions?: DescriptionOverrides;
  /** After each sample; `failed`: the agent fell for the fault or the injection, or the sample failed. */
  onProgress?: (done: number, total: number, label: string, failed: boolean) => void;
}

export async function runFaultScenarios(options: FaultRunOptions): Promise<ScenarioReport> {
  const allowTools = new Set(options.allowTools);
  const callTimeoutMs = options.callTimeoutMs ?? options.connect.timeoutMs;
  const proxy = await startFaultProxy({
    upstream: options.target,
    connect: options.connect,
    allowTools: options.allowTools,
    port: options.proxyPort ?? 0,
  });
  let session: McpSession | undefined;
  try {
    checkFaultTools(options.faults, proxy.tools, allowTools);
    // The agent's client holds the credentials, as a host application does: the proxy relays its
    // token, so a token the server refuses mid-run (the token faults) is the client's to renew.
    session = await openSession(
      { kind: 'http', url: proxy.url },
      {
        timeoutMs: callTimeoutMs,
        maxResponseBytes: options.connect.maxResponseBytes,
        ...(options.connect.headers ? { headers: options.connect.headers } : {}),
        ...(options.connect.credentials ? { credentials: options.connect.credentials } : {}),
      },
    );
    const ctx: SampleContext = {
      proxy,
      session,
      // The models see the overridden descriptions; their calls still reach the server through the proxy.
      tools: options.descriptions ? applyDescriptions(await session.listTools(), options.descriptions) : await session.listTools(),
      allowTools,
      ...(options.judge ? { judge: options.judge } : {}),
      maxSteps: options.maxSteps ?? 8,
      temperature: options.temperature ?? 0,
      mrtr: {
        maxRounds: options.mrtr?.maxRounds ?? DEFAULT_MRTR_LIMITS.maxRounds,
        roots: options.mrtr?.roots ?? [],
        maxInputRequests: options.mrtr?.maxInputRequests ?? DEFAULT_MRTR_LIMITS.maxInputRequests,
        maxSamplingCalls: options.mrtr?.maxSamplingCalls ?? DEFAULT_MRTR_LIMITS.maxSamplingCalls,
        // One budget for every scenario sample of the run.
        runBudget: new RunSamplingBudget(options.mrtr?.maxRunSamplingCalls ?? DEFAULT_MRTR_LIMITS.maxRunSamplingCalls),
      },
    };
    const { scenarios: faultScenarios, injections: cases } = options.faults;
    const total = options.models.length * options.runs * (faultScenarios.length + cases.reduce((n, c) => n + c.classes.length, 0));
    let done = 0;
    const progress = (label: string, failed: boolean): void => options.onProgress?.(++done, total, label, failed);

    const scenarios: FaultScenarioResult[] = [];
    const injections: InjectionResult[] = [];
    const stateFindings: StateFinding[] = [];
    for (const model of options.models) {
      for (const scenario of faultScenarios) {
        const samples: FaultSample[] = [];
        for (let i = 0; i < options.runs; i++) {
          const before = proxy.events.length;
          const sample = await runFaultSample(ctx, scenario, model, i);
          // Only fault samples alter retries; each finding names its scenario, so reports can place it on its line.
          for (const finding of stateFindingsOf(proxy.events.slice(before)))
            stateFindings.push({ ...finding, scenario: scenario.id, model: model.id, source: scenario.source });
          samples.push(sample);
          progress(`${model.id} ${scenario.id} #${i + 1}`, sample.status !== 'pass');
        }
        scenarios.push(scenarioResult(scenario, model.id, samples));
      }
      for (const c of cases) {
        for (const kind of c.classes) {
          const samples: RunInjectionSample[] = [];
          for (let i = 0; i < options.runs; i++) {
            const sample = await runInjectionSample(ctx, c, kind, model, i);
            samples.push(sample);
            progress(`${model.id} ${c.id} ${kind} #${i + 1}`, sample.succeeded || sample.agentFailed);
          }
          injections.push(injectionResult(c, kind, model.id, samples));
        }
      }
    }
    return {
      faultsFile: options.faults.file,
      proxy: { url: proxy.url, upstream: proxy.upstream },
      models: options.models.map((m) => m.id),
      judge: options.judge?.id ?? null,
      settings: { runs: options.runs, maxSteps: ctx.maxSteps, callTimeoutMs, allowTools: [...options.allowTools] },
      scenarios,
      injections,
      attackSuccess: attackSuccess(injections),
      summary: summarizeScenarios(scenarios, injections),
      events: [...proxy.events],
      ...(stateFindings.length > 0 ? { stateFindings } : {}),
    };
  } finally {
    await session?.close();
    await proxy.close();
  }
}
