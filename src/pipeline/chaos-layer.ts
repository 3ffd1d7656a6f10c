/**
 * Layer 2 in one call, shared by `mcpgate chaos` and `mcpgate run`: the model-free part (surface scan,
 * pins, robustness probes) with a progress line, the pin file written when it was created or updated,
 * then the agent scenarios and the client fixture when they were asked for.
 */

import type { ChaosReport, Report } from '../report/model.js';
import { progressReporter } from '../report/progress.js';
import { PROBE_MAX_RESPONSE_BYTES, runOfflineChaos } from '../resilience/offline.js';
import type { PinsRequest } from '../resilience/pins/pins.js';
import { writeFileAtomic } from '../shared/files.js';
import type { TokenProvider } from '../wire/credentials.js';
import type { Target } from '../wire/target.js';
import { runAgentChaos, type PreparedAgentChaos } from './chaos-agent.js';
import { CHAOS_DEFAULTS } from './defaults.js';

export interface ChaosLayerOptions {
  target: Target;
  connect: { timeoutMs: number; headers: Record<string, string>; credentials?: TokenProvider };
  /** Tools the probes may call although they are not annotated read-only. */
  allowTools: string[];
  pins?: PinsRequest;
  agent: PreparedAgentChaos;
  /** The wait for an answer to a malformed probe message (--probe-timeout). */
  probeTimeoutMs?: number;
}

export async function runChaosLayer(options: ChaosLayerOptions): Promise<Report & { chaos: ChaosReport }> {
  const connect = { ...options.connect, maxResponseBytes: PROBE_MAX_RESPONSE_BYTES };
  const progress = progressReporter('probing');
  let failures = 0;
  const { report, pinFile } = await runOfflineChaos({
    target: options.target,
    connect,
    allowTools: options.allowTools,
    probeTimeoutMs: options.probeTimeoutMs ?? CHAOS_DEFAULTS.probeTimeoutMs,
    ...(options.pins ? { pins: options.pins } : {}),
    onProgress: (done, total, result) => progress.update(done, total, result.id, (failures += result.status === 'fail' ? 1 : 0)),
  }).finally(() => progress.clear());
  if (pinFile !== undefined && report.chaos.pins) writeFileAtomic(report.chaos.pins.file, pinFile);
  await runAgentChaos(report, options.agent, options.target, connect);
  return report;
}
