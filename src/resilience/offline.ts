/**
 * The part of layer 2 that needs no model: read the server's surface, scan it, check it against the
 * pins, then run the robustness probes (last, since they may take the server down). One Report:
 * the probes are its `checks` (area `robustness`), the scan and pins its `chaos` section.
 */

import { skip } from '../conformance/check.js';
import { toCheckResult } from '../conformance/check-result.js';
import { describeEra } from '../conformance/runner.js';
import { summarizeChecks } from '../conformance/summary.js';
import { reportHeader, startRunClock } from '../report/header.js';
import type { ChaosReport, CheckResult, Report, TargetInfo } from '../report/model.js';
import { fingerprintOf } from '../spec/fingerprint.js';
import { isListedTool } from '../spec/tool.js';
import { detectEra, type EraVerdict } from '../wire/era.js';
import { isWireError } from '../wire/errors.js';
import { isResultResponse } from '../wire/jsonrpc.js';
import type { LegacyHandshake } from '../wire/legacy-client.js';
import { describeTarget, type ConnectOptions, type Target } from '../wire/target.js';
import { offlineVerdict, type Reachability } from './offline-verdict.js';
import { applyPins, type PinsRequest } from './pins/pins.js';
import { ALL_PROBES } from './probes/index.js';
import { openLink, type ProbeLink } from './probes/link.js';
import { ProbeContext, type ProbeDefinition } from './probes/probe.js';
import { runProbes } from './probes/runner.js';
import { scanSurface } from './scan/scan.js';
import { readSurface } from './scan/surface.js';

/** Room for a server that echoes the 2 MiB argument of the oversized probe back, twice. */
export const PROBE_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface OfflineChaosOptions {
  target: Target;
  connect: ConnectOptions;
  allowTools: string[];
  pins?: PinsRequest;
  probes?: readonly ProbeDefinition[];
  /** The wait for an answer to a malformed probe message; capped at connect.timeoutMs. */
  probeTimeoutMs?: number;
  /** A violated SHOULD-level probe fails instead of warning (default false). */
  strict?: boolean;
  onProgress?: (done: number, total: number, result: CheckResult) => void;
}

export interface OfflineChaosRun {
  report: Report & { chaos: ChaosReport };
  /** The pin file's new text, when it should be written (the caller owns the file system). */
  pinFile?: string;
}

export async function runOfflineChaos(options: OfflineChaosOptions): Promise<OfflineChaosRun> {
  const clock = startRunClock();
  const strict = options.strict ?? false;
  const probes = options.probes ?? ALL_PROBES;
  const target: TargetInfo = { transport: options.target.kind, endpoint: describeTarget(options.target), era: 'unknown' };
  let chaos: ChaosReport = {
    scan: { scanned: { tools: 0, prompts: 0, resources: 0, resourceTemplates: 0, instructions: false }, findings: [] },
  };
  let results: CheckResult[];
  let reachability: Reachability = { ok: true };
  let pinFile: string | undefined;
  let link: ProbeLink | undefined;
  try {
    link = await openLink(options.target, options.connect);
    const era = await detectEra(link.client);
    describeEra(target, era);
    if (era.era === 'modern') {
      const surface = await readSurface(link.client, era.result);
      const toolsComplete = !surface.problems.some((p) => p.startsWith('tools/list'));
      if (toolsComplete) target.fingerprint = fingerprintOf(surface.tools, target.serverInfo);
      const pins = options.pins ? applyPins(surface.tools, options.pins, toolsComplete) : undefined;
      pinFile = pins?.write;
      chaos = { scan: scanSurface(surface), ...(pins ? { pins: pins.section } : {}) };
      const ctx = new ProbeContext(link, surface.tools.filter(isListedTool), {
        timeoutMs: options.connect.timeoutMs,
        probeTimeoutMs: Math.min(options.probeTimeoutMs ?? options.connect.timeoutMs, options.connect.timeoutMs),
        allowTools: new Set(options.allowTools),
      });
      results = await runProbes(ctx, probes, { strict, onProgress: options.onProgress });
    } else {
      const refused = notModern(era);
      results = skipped(probes, refused.reason);
      if (era.era === 'legacy') {
        // The probes speak 2026-07-28, but what a legacy server shows a model can still be scanned.
        const surface = await readSurface(era.legacy, legacyDiscover(era.handshake));
        chaos = { scan: scanSurface(surface) };
        refused.reason += `; the security scan read its surface through the 2025-11-25 handshake (${scanSummary(chaos)}), the probes did not run`;
      }
      reachability = refused;
    }
  } catch (error) {
    if (!isWireError(error)) throw error;
    reachability = { ok: false, reason: error.message, authRequired: false };
    results = skipped(probes, error.message);
  } finally {
    if (link?.kind === 'stdio') target.stderrTail = link.stderrTail.slice(-2000) || undefined;
    await link?.close();
  }

  const report: Report & { chaos: ChaosReport } = {
    ...reportHeader(clock, target, { strict, allowTools: options.allowTools }),
    checks: results,
    summary: summarizeChecks(results, undefined),
    verdict: offlineVerdict(reachability, results, chaos),
    chaos,
  };
  return { report, ...(pinFile !== undefined ? { pinFile } : {}) };
}

function notModern(era: Exclude<EraVerdict, { era: 'modern' }>): Reachability & { ok: false } {
  if (era.era === 'legacy')
    return {
      ok: false,
      reason: `not a 2026-07-28 server: it speaks the 2025-era protocol ${era.handshake.protocolVersion}; mcpgate chaos probes 2026-07-28 servers`,
      authRequired: false,
    };
  if (era.era === 'modern-unsupported')
    return { ok: false, reason: `the server does not serve 2026-07-28 (it offers ${era.supported.join(', ')})`, authRequired: false };
  return { ok: false, reason: era.reason, authRequired: era.authRequired === true };
}

/** The initialize result in the shape readSurface takes from server/discover: capabilities and instructions. */
function legacyDiscover(handshake: LegacyHandshake): Record<string, unknown> {
  const result = isResultResponse(handshake.exchange.response) ? handshake.exchange.response.result : {};
  return { capabilities: handshake.capabilities, instructions: result.instructions };
}

function scanSummary(chaos: ChaosReport): string {
  const { findings, scanned } = chaos.scan;
  const high = findings.filter((f) => f.severity === 'high').length;
  const found = findings.length === 0 ? 'no findings' : `${findings.length} finding(s), ${high} of high severity`;
  return `${scanned.tools} tool(s): ${found}`;
}

function skipped(probes: readonly ProbeDefinition[], reason: string): CheckResult[] {
  return probes.map((probe) => toCheckResult(probe, skip(`not run: ${reason}`), false, 0));
}
