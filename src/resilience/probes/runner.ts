/**
 * Runs the probes one at a time (a crash must be pinned on the probe that caused it), and after
 * each one sends a valid request that must be answered. A stdio server that died or hung is
 * restarted for the remaining probes; an HTTP server that stopped answering leaves the remaining
 * probes skipped as "server down". Every wait is bounded by the request timeout.
 */

import { performance } from 'node:perf_hooks';
import { violated, type CheckOutcome } from '../../conformance/check.js';
import { toCheckResult } from '../../conformance/check-result.js';
import { evidenceOf } from '../../conformance/evidence.js';
import type { CheckResult } from '../../report/model.js';
import { isResultResponse } from '../../wire/jsonrpc.js';
import { describe } from './judge.js';
import type { ProbeContext, ProbeDefinition } from './probe.js';

export interface ProbeRunOptions {
  /** A violated SHOULD fails instead of warning, as in layer 0. */
  strict: boolean;
  onProgress?: (done: number, total: number, result: CheckResult) => void;
}

interface Health {
  up: boolean;
  outcome?: CheckOutcome;
}

export async function runProbes(ctx: ProbeContext, probes: readonly ProbeDefinition[], options: ProbeRunOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let down: string | undefined;
  for (const probe of probes) {
    const started = performance.now();
    let outcome: CheckOutcome;
    if (down) {
      outcome = { status: 'skip', message: `not run: ${down}`, evidence: [] };
    } else {
      outcome = await runGuarded(ctx, probe);
      const health = await checkHealth(ctx, probe, outcome);
      if (!health.up) {
        outcome = health.outcome!;
        if (ctx.link.kind === 'stdio') await ctx.link.restart();
        else down = `the server has not answered since ${probe.id}`;
      }
    }
    const result = toCheckResult(probe, outcome, options.strict, performance.now() - started);
    results.push(result);
    options.onProgress?.(results.length, probes.length, result);
  }
  return results;
}

async function runGuarded(ctx: ProbeContext, probe: ProbeDefinition): Promise<CheckOutcome> {
  try {
    return await probe.run(ctx);
  } catch (error) {
    return { status: 'error', message: `mcpgate could not run this probe: ${(error as Error).message}`, evidence: [] };
  }
}

/** The follow-up request: the server must still answer it, whatever the probe did to it. */
async function checkHealth(ctx: ProbeContext, probe: ProbeDefinition, outcome: CheckOutcome): Promise<Health> {
  const method = ctx.healthMethod;
  let exchange = await ctx.link.client.request(method, {}, { timeoutMs: ctx.options.timeoutMs, audited: false });
  // A kept-alive socket to a server that died fails with a reset; a new connection tells a crash
  // (refused) from a server that is up but dropped that socket.
  if (ctx.link.kind === 'http' && exchange.error?.kind === 'closed-early') {
    exchange = await ctx.link.freshClient().request(method, {}, { timeoutMs: ctx.options.timeoutMs, audited: false });
  }
  if (isResultResponse(exchange.response)) return { up: true };
  const crashed = ctx.link.kind === 'stdio' ? ctx.link.hasExited : exchange.error?.kind === 'unreachable';
  const what = !crashed
    ? 'the server stopped answering'
    : ctx.link.kind === 'stdio'
      ? 'the server crashed'
      : 'the server went down (its port now refuses connections)';
  const after = ctx.link.kind === 'stdio' ? '; mcpgate restarted it for the remaining probes' : '';
  const failed = exchange.error && !exchange.response ? exchange.error.message : undefined;
  const followUp = failed ? `the follow-up ${method} failed: ${failed}` : `the follow-up ${method} got ${describe(exchange)}`;
  // The probe's own view adds nothing when it already saw the same failure.
  const saw = failed && outcome.message.includes(failed) ? '' : `; the probe itself saw: ${outcome.message}`;
  const message = `${what} under ${probe.id}: ${followUp}${after}${saw}`;
  const evidence = [
    ...outcome.evidence,
    evidenceOf(exchange, `a ${method} result: the server must survive the probe`, `follow-up ${method}`),
  ];
  return {
    up: false,
    outcome: violated(
      message,
      evidence,
      'answer bad input with a JSON-RPC error and keep serving; the server stderr shows where it failed',
    ),
  };
}
