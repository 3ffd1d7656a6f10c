/**
 * The model-driven part of `mcpgate chaos`: fault and injection scenarios behind the proxy
 * (--model with --faults) and the client fixture (--client). Their results go into the report's
 * `chaos` section and their verdicts join the model-free one; the most serious outcome wins.
 */

import { EXIT } from '../shared/exit-codes.js';
import type { CacheMode } from '../models/cache.js';
import type { Report, Verdict } from '../report/model.js';
import type { ChaosReport } from '../resilience/report.js';
import { ProxyStartError } from '../resilience/proxy/index.js';
import { ClientFixtureError, defaultFaults, FaultsFileError, loadFaultsFile, runClientFixture, runFaultScenarios } from '../resilience/scenarios/index.js';
import type { FaultsFile } from '../resilience/scenarios/types.js';
import { openSession } from '../wire/session.js';
import { isWireError } from '../wire/errors.js';
import type { ConnectOptions, Target } from '../wire/target.js';
import { InputError, usageError } from '../shared/input-error.js';
import { progressReporter } from '../report/progress.js';
import { combineVerdicts } from './combine.js';
import { buildModels } from './eval-layer.js';

export interface AgentChaosFlags {
  model: string[];
  faults?: string;
  judge?: string;
  baseUrl?: string;
  runs: number;
  proxyPort: number;
  allowTool: string[];
  timeout: number;
  client?: string;
  clientTimeout: number;
  url?: string;
  stdio?: string;
}

const CACHE: { cache: CacheMode; cacheDir: string } = { cache: 'write', cacheDir: '.mcpgate/cache/models' };

function statusVerdict(statuses: string[], what: string): Verdict {
  if (statuses.includes('fail')) return { exitCode: EXIT.gateFailed, reason: `${statuses.filter((s) => s === 'fail').length} ${what} failed` };
  if (statuses.some((s) => s === 'error' || s === 'not_measured')) return { exitCode: EXIT.inconclusive, reason: `some ${what} could not be scored` };
  return { exitCode: EXIT.pass, reason: `every ${what} passed` };
}

/** Without a faults file: scenarios drawn from the server's own read-only tools (see scenarios/defaults.ts). */
async function builtInFaults(target: Target, connect: ConnectOptions, allowTools: string[]): Promise<FaultsFile> {
  const session = await guarded(() => openSession(target, connect));
  try {
    const faults = defaultFaults(await session.listTools(), new Set(allowTools));
    if (faults.scenarios.length === 0) throw usageError('the server has no read-only tool to run fault scenarios against; write a faults file (--faults) that names the tools to use and allow them with --allow-tool');
    process.stderr.write(`mcpgate: no --faults file; running ${faults.scenarios.length} built-in scenario(s) and ${faults.injections.length} injection case(s) on the server's read-only tools\n`);
    return faults;
  } finally {
    await session.close();
  }
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FaultsFileError || error instanceof ClientFixtureError) throw usageError(error.message);
    if (error instanceof ProxyStartError) throw new InputError(error.message, error.kind === 'port' ? EXIT.usage : EXIT.unreachable);
    if (isWireError(error)) throw new InputError(error.message, error.kind === 'unauthorized' ? EXIT.missingCredentials : EXIT.unreachable);
    throw error;
  }
}

export async function runAgentChaos(report: Report & { chaos: ChaosReport }, flags: AgentChaosFlags, target: Target, connect: ConnectOptions): Promise<void> {
  const verdicts = [{ layer: 'layer 2 probes and scan', verdict: report.verdict }];
  if (flags.model.length > 0) {
    const faults = flags.faults ? await guarded(async () => loadFaultsFile(flags.faults!)) : await builtInFaults(target, connect, flags.allowTool);
    const { models, judge } = buildModels({ models: flags.model, judge: flags.judge, baseUrl: flags.baseUrl, modelTimeoutMs: 60_000, ...CACHE });
    const progress = progressReporter('fault scenarios');
    const agent = await guarded(() =>
      runFaultScenarios({
        target,
        connect,
        models: models.map((m) => m.client),
        judge: judge?.client,
        runs: flags.runs,
        faults,
        allowTools: flags.allowTool,
        callTimeoutMs: flags.timeout,
        proxyPort: flags.proxyPort,
        onProgress: (done, total, label) => progress.update(done, total, label),
      }),
    ).finally(() => progress.clear());
    report.chaos.agent = agent;
    verdicts.push({ layer: 'layer 2 scenarios', verdict: statusVerdict([...agent.scenarios, ...agent.injections].map((r) => r.status), 'fault or injection scenario(s)') });
  }
  if (flags.client) {
    const client = await guarded(() =>
      runClientFixture({ command: flags.client!, ...(flags.url || flags.stdio ? { target } : {}), connect, timeoutMs: flags.clientTimeout, allowTools: flags.allowTool }),
    );
    report.chaos.client = client;
    verdicts.push({ layer: 'client fixture', verdict: statusVerdict([client.status], `client check (${client.verdict}: ${client.message})`) });
  }
  if (verdicts.length > 1) report.verdict = combineVerdicts(verdicts);
}
