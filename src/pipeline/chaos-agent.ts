/**
 * The model-driven part of layer 2, shared by `mcpgate chaos` and `mcpgate run`: fault and injection
 * scenarios behind the proxy (with models) and the client fixture (with a client command). Preparing
 * loads the faults file and builds the models before anything runs; running puts the results into
 * the report's `chaos` section, and their verdicts join the model-free one (the most serious wins).
 */

import { loadDescriptions, withDescriptions, type DescriptionOverrides } from '../behavior/descriptions/index.js';
import type { ChaosReport, Report, Verdict } from '../report/model.js';
import { rejectedCredentials } from '../models/rejections.js';
import { progressReporter } from '../report/progress.js';
import { ProxyStartError } from '../resilience/proxy/index.js';
import { ClientFixtureError, defaultFaults, loadFaultsFile, runClientFixture, runFaultScenarios } from '../resilience/scenarios/index.js';
import type { FaultsFile } from '../resilience/scenarios/types.js';
import { EXIT } from '../shared/exit-codes.js';
import { InputError, usageError } from '../shared/input-error.js';
import { isWireError } from '../wire/errors.js';
import { openSession } from '../wire/session.js';
import type { ConnectOptions, Target } from '../wire/target.js';
import { combineVerdicts } from './combine.js';
import { buildModels, type BuiltModels, type ModelSettings } from './models.js';

/** Everything the agent scenarios need, whichever way they were asked for: `mcpgate chaos`'s flags or mcpgate.yaml. */
export interface AgentChaosOptions extends ModelSettings {
  /** The scenarios file; without one, built-in scenarios run on the server's read-only tools. */
  faults?: string;
  runs: number;
  proxyPort: number;
  allowTools: string[];
  /** The agent's timeout per tool call, which a `hang` fault waits out. */
  callTimeoutMs: number;
  /** An MCP client command to test against a server that cuts a response stream. */
  client?: string;
  /** A descriptions file served to the models in place of the server's tools/list. */
  descriptions?: string;
  clientTimeoutMs: number;
  /** How the agent follows input_required, as in layer 1: rounds per tool call and the roots it declares. */
  maxRounds: number;
  roots: string[];
  /** MRTR: input requests per round, sampling answers per sample and per run (defaults in behavior/mrtr/limits.ts). */
  maxInputRequests?: number;
  maxSamplingCalls?: number;
  maxRunSamplingCalls?: number;
}

export interface PreparedAgentChaos extends BuiltModels {
  options: AgentChaosOptions;
  faults?: FaultsFile;
  descriptions?: DescriptionOverrides;
}

export function prepareAgentChaos(options: AgentChaosOptions): PreparedAgentChaos {
  return {
    options,
    ...(options.faults ? { faults: loadFaultsFile(options.faults) } : {}),
    ...(options.descriptions ? { descriptions: loadDescriptions(options.descriptions) } : {}),
    ...buildModels(options),
  };
}

function statusVerdict(statuses: string[], what: string): Verdict {
  const rejected = rejectedCredentials();
  if (rejected) return { exitCode: EXIT.missingCredentials, reason: rejected };
  if (statuses.includes('fail'))
    return { exitCode: EXIT.gateFailed, reason: `${statuses.filter((s) => s === 'fail').length} ${what} failed` };
  if (statuses.some((s) => s === 'error' || s === 'not_measured'))
    return { exitCode: EXIT.inconclusive, reason: `some ${what} could not be scored` };
  return { exitCode: EXIT.pass, reason: `every ${what} passed` };
}

/** Without a faults file: scenarios drawn from the server's own read-only tools (see scenarios/defaults.ts). */
async function builtInFaults(target: Target, connect: ConnectOptions, allowTools: string[]): Promise<FaultsFile> {
  const session = await guarded(() => openSession(target, connect));
  try {
    const faults = defaultFaults(await session.listTools(), new Set(allowTools), connect.credentials !== undefined);
    if (faults.scenarios.length === 0)
      throw usageError(
        'the server has no read-only tool to run fault scenarios against; write a faults file (--faults) that names the tools to use and allow them with --allow-tool',
      );
    process.stderr.write(
      `mcpgate: no --faults file; running ${faults.scenarios.length} built-in scenario(s) and ${faults.injections.length} injection case(s) on the server's read-only tools\n`,
    );
    return faults;
  } finally {
    await session.close();
  }
}

/** The failures of the scenario machinery that are the user's to fix, with their exit codes. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientFixtureError) throw usageError(error.message);
    if (error instanceof ProxyStartError) throw new InputError(error.message, error.kind === 'port' ? EXIT.usage : EXIT.unreachable);
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
}

export async function runAgentChaos(
  report: Report & { chaos: ChaosReport },
  prepared: PreparedAgentChaos,
  target: Target,
  connect: ConnectOptions,
): Promise<void> {
  const { options } = prepared;
  const verdicts = [{ layer: 'layer 2 probes and scan', verdict: report.verdict }];
  if (prepared.models.length > 0) {
    const faults = prepared.faults ?? (await builtInFaults(target, connect, options.allowTools));
    const progress = progressReporter('fault scenarios');
    let failures = 0;
    const agent = await guarded(() =>
      runFaultScenarios({
        target,
        connect,
        models: prepared.models.map((m) => m.client),
        judge: prepared.judge?.client,
        runs: options.runs,
        faults,
        allowTools: options.allowTools,
        callTimeoutMs: options.callTimeoutMs,
        proxyPort: options.proxyPort,
        mrtr: {
          maxRounds: options.maxRounds,
          roots: options.roots,
          maxInputRequests: options.maxInputRequests,
          maxSamplingCalls: options.maxSamplingCalls,
          maxRunSamplingCalls: options.maxRunSamplingCalls,
        },
        ...(prepared.descriptions ? { descriptions: prepared.descriptions } : {}),
        onProgress: (done, total, label, failed) => progress.update(done, total, label, (failures += failed ? 1 : 0)),
      }),
    ).finally(() => progress.clear());
    report.chaos.agent = agent;
    if (prepared.descriptions && report.target.fingerprint)
      report.target.fingerprint = withDescriptions(report.target.fingerprint, prepared.descriptions);
    verdicts.push({
      layer: 'layer 2 scenarios',
      verdict: statusVerdict(
        [...agent.scenarios, ...agent.injections, ...(agent.stateFindings ?? [])].map((r) => r.status),
        'fault or injection scenario(s) or MRTR state finding(s)',
      ),
    });
  }
  if (options.client) {
    const command = options.client;
    const client = await guarded(() =>
      runClientFixture({ command, target, connect, timeoutMs: options.clientTimeoutMs, allowTools: options.allowTools }),
    );
    report.chaos.client = client;
    verdicts.push({
      layer: 'client fixture',
      verdict: statusVerdict([client.status], `client check (${client.verdict}: ${client.message})`),
    });
  }
  if (verdicts.length > 1) report.verdict = combineVerdicts(verdicts);
}
