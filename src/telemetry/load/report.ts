/**
 * The standalone JSON file `mcpgate bench --report` writes. Versioned on its own so it can later be
 * embedded in the main report unchanged.
 */

export const BENCH_SCHEMA_VERSION = '1.0';

export type LoadMode = { kind: 'concurrency'; concurrency: number } | { kind: 'rate'; rate: number; maxInFlight: number };

export interface BenchSettings {
  mode: LoadMode;
  /** Bound on the measured phase; absent when only a request count bounds it. */
  durationMs?: number;
  /** Bound on the number of measured requests. */
  requests?: number;
  warmup: number;
  method: 'tools/list' | 'tools/call';
  tool?: string;
  timeoutMs: number;
  instances: number;
}

export interface BenchResults {
  /** Measured requests sent, whatever their outcome (warm-up excluded). */
  requests: number;
  /** Of those, answered with a valid result. */
  ok: number;
  durationMs: number;
  /** Requests answered with a valid result per second of the measured phase (failures fail fast and would flatter it). */
  rps: number;
  /** Over the requests answered with a valid result; in rate mode measured from the intended send time. */
  latencyMs: { p50: number; p90: number; p95: number; p99: number; p999: number; max: number; mean: number };
  /** Failed requests by kind, e.g. `http:503`, `jsonrpc:-32602`, `timeout`, `refused`. */
  errors: Record<string, number>;
}

export interface DivergenceFinding {
  /** 1-based instance number and its endpoint. */
  instance: number;
  endpoint: string;
  /** Answers of this instance that differ from the reference (instance 1's first answer). */
  differing: number;
  compared: number;
  /** Where the first differing answer departs from the reference, and both values there. */
  path: string;
  expected: string;
  received: string;
}

export interface StatelessnessResult {
  instances: { instance: number; endpoint: string; requests: number; ok: number; compared: number }[];
  divergent: boolean;
  findings: DivergenceFinding[];
  /** What was compared, in words, so a reader of the file knows what "no divergence" covers. */
  compared: string;
}

export interface BenchReport {
  schemaVersion: typeof BENCH_SCHEMA_VERSION;
  tool: { name: 'mcpgate'; version: string };
  startedAt: string;
  target: { transport: 'http' | 'stdio'; endpoints: string[]; era: 'modern' | 'legacy'; serverInfo?: { name: string; version: string } };
  settings: BenchSettings;
  results: BenchResults;
  statelessness?: StatelessnessResult;
}
