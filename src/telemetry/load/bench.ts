/** A whole `mcpgate bench` run: open the instances, warm up, measure, compare, and report. */

import { BENCH_SCHEMA_VERSION, type BenchReport, type LoadMode } from '../../report/model.js';
import type { TokenProvider } from '../../wire/credentials.js';
import type { Target } from '../../wire/target.js';
import { openTargets } from './open-targets.js';
import type { LoadCall } from './request-template.js';
import { runLoad, type LoadCounters } from './run-load.js';
import { StatelessnessProbe } from './statelessness.js';
import { roundTo } from '../../shared/numbers.js';

export interface BenchOptions {
  targets: Target[];
  call: LoadCall;
  mode: LoadMode;
  durationMs?: number;
  requests?: number;
  warmup: number;
  allowTools: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  headers?: Record<string, string>;
  /** Each HTTP instance's OAuth client, when one is configured (an instance is a resource of its own). */
  credentialsFor?: (target: Target) => TokenProvider | undefined;
  toolVersion: string;
  /** Called when the measured phase starts, with counters it keeps current. */
  onMeasureStart?: (counters: LoadCounters) => void;
}

/** Throws BenchStartError when an instance cannot be used; after that, failures are results. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  const maxInFlight = options.mode.kind === 'concurrency' ? options.mode.concurrency : options.mode.maxInFlight;
  const opened = await openTargets(options.targets, { ...options, maxInFlight, compareAnswers: options.targets.length > 1 });
  try {
    if (options.warmup > 0) {
      const concurrency = Math.min(maxInFlight, options.warmup);
      await runLoad(opened.senders, {
        mode: { kind: 'concurrency', concurrency },
        requests: options.warmup,
        durationMs: options.durationMs,
      });
    }
    const endpoints = opened.senders.map((s) => s.endpoint);
    const probe = endpoints.length > 1 ? new StatelessnessProbe(endpoints, options.call.method) : undefined;
    const outcome = await runLoad(
      opened.senders,
      {
        mode: options.mode,
        durationMs: options.durationMs,
        requests: options.requests,
        onResult: probe && ((instance, result) => probe.observe(instance, result)),
      },
      options.onMeasureStart,
    );
    const { counters, latency, durationMs } = outcome;
    const summary = latency.summaryMs();
    return {
      schemaVersion: BENCH_SCHEMA_VERSION,
      tool: { name: 'mcpgate', version: options.toolVersion },
      startedAt,
      target: { transport: opened.transport, endpoints, era: opened.era, ...(opened.serverInfo ? { serverInfo: opened.serverInfo } : {}) },
      settings: {
        mode: options.mode,
        ...(options.durationMs !== undefined ? { durationMs: options.durationMs } : {}),
        ...(options.requests !== undefined ? { requests: options.requests } : {}),
        warmup: options.warmup,
        method: options.call.method,
        ...(options.call.method === 'tools/call' ? { tool: String(options.call.params.name) } : {}),
        timeoutMs: options.timeoutMs,
        instances: endpoints.length,
      },
      results: {
        requests: counters.sent,
        ok: counters.ok,
        durationMs: Math.round(durationMs),
        rps: durationMs > 0 ? roundTo((counters.ok / durationMs) * 1000, 1) : 0,
        latencyMs: {
          p50: summary.p50,
          p90: summary.p90,
          p95: summary.p95,
          p99: summary.p99,
          p999: summary.p999,
          max: summary.max,
          mean: summary.mean,
        },
        errors: Object.fromEntries([...counters.errors].sort((a, b) => b[1] - a[1])),
      },
      ...(probe ? { statelessness: probe.result(counters.perInstance) } : {}),
    };
  } finally {
    await opened.close();
  }
}
