/** `mcpgate chaos`: flags -> layer 2 (probes, scan, pins, agent scenarios, client fixture) -> reports, pin file -> exit code. */

import { prepareAgentChaos, type AgentChaosOptions } from '../../pipeline/chaos-agent.js';
import { runChaosLayer } from '../../pipeline/chaos-layer.js';
import { connectCredentials, credentialsFromFlags } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import { writeMaskedReports } from '../../report/formats.js';
import { masked } from '../../report/masked.js';
import type { PinsSection } from '../../report/model.js';
import { loadPins } from '../../resilience/pins/pin-file.js';
import { usageError } from '../../shared/input-error.js';
import { printMaskedReport } from '../display.js';
import type { ChaosFlags } from './flags.js';
import { outputFiles } from '../flags/outputs.js';
import { writeErr } from '../console.js';

/** The flags as the agent scenarios' options: the one place where `--model` becomes `models`. */
function agentChaosOptions(flags: ChaosFlags): AgentChaosOptions {
  return {
    models: flags.model,
    judge: flags.judge,
    baseUrl: flags.baseUrl,
    cache: flags.cache,
    cacheDir: flags.cacheDir,
    modelTimeoutMs: flags.modelTimeout,
    faults: flags.faults,
    runs: flags.runs,
    proxyPort: flags.proxyPort,
    allowTools: flags.allowTool,
    callTimeoutMs: flags.timeout,
    client: flags.client,
    clientTimeoutMs: flags.clientTimeout,
    descriptions: flags.descriptions,
    maxRounds: flags.maxRounds,
    maxInputRequests: flags.maxInputRequests,
    maxSamplingCalls: flags.maxSamplingCalls,
    maxRunSamplingCalls: flags.maxRunSamplingCalls,
    roots: flags.root,
  };
}

function pinsNotice(pins: PinsSection): string | undefined {
  if (pins.status === 'written')
    return `mcpgate: ${pins.file} did not exist; pinned ${pins.tools} tool(s) in it (commit it to detect drift)\n`;
  if (pins.status === 'updated') return `mcpgate: rewrote ${pins.file} with ${pins.tools} tool(s)\n`;
  return undefined;
}

export async function chaos(flags: ChaosFlags): Promise<number> {
  const target = targetFrom(flags);
  if (flags.updatePins && !flags.pins) throw usageError('--update-pins needs --pins FILE');
  if (flags.faults && flags.model.length === 0) throw usageError('--faults needs --model: the scenarios run a model');
  const pins = flags.pins ? { file: flags.pins, previous: loadPins(flags.pins), update: flags.updatePins ?? false } : undefined;
  const credentials = credentialsFromFlags(target, flags);
  const agent = prepareAgentChaos(agentChaosOptions(flags));
  const report = await runChaosLayer({
    target,
    connect: { timeoutMs: flags.timeout, ...connectCredentials(credentials) },
    allowTools: flags.allowTool,
    probeTimeoutMs: flags.probeTimeout,
    ...(pins ? { pins } : {}),
    agent,
  });
  const notice = report.chaos.pins && pinsNotice(report.chaos.pins);
  if (notice) writeErr(notice);
  // Masked once for both: the files and the terminal show the same copy.
  const shown = masked(report);
  await writeMaskedReports(shown, outputFiles(flags));
  printMaskedReport(shown, flags);
  return report.verdict.exitCode;
}
