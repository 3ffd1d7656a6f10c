/** Eval sections, telemetry and history entries for renderer tests. */

import type {
  EvalCaseResult,
  EvalReport,
  EvalSample,
  EvalSummary,
  HistoryEntry,
  LatencyFigures,
  ModelTelemetry,
  Report,
} from '../../src/report/model.js';

export interface CaseOptions {
  id: string;
  model: string;
  passes?: number;
  runs?: number;
  required?: number;
  kind?: 'hard' | 'soft';
  status?: EvalCaseResult['status'];
  errors?: number;
}

function sample(index: number, status: EvalSample['status']): EvalSample {
  const pass = status === 'pass';
  return {
    index,
    status,
    selection: pass ? 'correct' : 'wrong',
    overActivated: false,
    args: { ok: pass, issues: [] },
    forbidden: [],
    completion: { status: 'not_measured' },
    reasons: pass ? [] : ['wrong tool'],
    calls: [],
    finalText: '',
    ended: status === 'error' ? 'error' : 'answered',
    modelMs: 10,
    serverMs: 2,
    stepMs: [10],
    modelCalls: 1,
    cacheHits: 0,
  };
}

export function makeCase(options: CaseOptions): EvalCaseResult {
  const { id, model, passes = 5, runs = 5, kind = 'hard', errors = 0 } = options;
  const required = options.required ?? (kind === 'hard' ? runs : Math.ceil(runs * 0.8));
  const status = options.status ?? (passes >= required ? 'pass' : errors > 0 && passes + errors >= required ? 'error' : 'fail');
  const trajectories = Array.from({ length: runs }, (_, i) => sample(i, i < passes ? 'pass' : i < passes + errors ? 'error' : 'fail'));
  return {
    id,
    model,
    kind,
    tags: [],
    source: `golden/tasks.yaml:${id}`,
    runs,
    passes,
    errors,
    passRate: runs === 0 ? 0 : passes / runs,
    required,
    passHatK: [],
    status,
    flaky: passes > 0 && passes < runs,
    message: `${passes}/${runs} passed (needs ${required})`,
    trajectories,
  };
}

function summaryOf(cases: EvalCaseResult[]): EvalSummary {
  return {
    cases: cases.length,
    passed: cases.filter((c) => c.status === 'pass').length,
    failed: cases.filter((c) => c.status === 'fail').length,
    errored: cases.filter((c) => c.status === 'error').length,
    flaky: cases.filter((c) => c.flaky).length,
    selectionAccuracy: 0.9,
    overActivationRate: 0.1,
    argumentAccuracy: 0.8,
    sequenceAccuracy: null,
    completionRate: null,
    passHatK: 0.7,
    providerCalls: 0,
    cacheHits: 0,
    inputTokens: 0,
    outputTokens: 0,
  };
}

export function makeTelemetry(p50Ms: number, usd: number | null): ModelTelemetry {
  const figures: LatencyFigures = {
    count: 10,
    min: p50Ms / 2,
    mean: p50Ms,
    p50: p50Ms,
    p90: p50Ms * 1.8,
    p95: p50Ms * 2,
    p99: p50Ms * 3,
    p999: p50Ms * 3,
    max: p50Ms * 3,
  };
  return {
    modelCallMs: figures,
    toolCallMs: figures,
    runMs: figures,
    tokens: usd === null ? { input: null, output: null, perRun: null } : { input: 1000, output: 200, perRun: 120 },
    cost: {
      usd,
      perRunUsd: usd === null ? null : usd / 10,
      spentUsd: usd,
      inputPerMTok: usd === null ? null : 0.4,
      outputPerMTok: usd === null ? null : 1.6,
      priceSource: usd === null ? 'no price for this model in defaults (as of 2026-11-01)' : 'defaults (as of 2026-11-01)',
      pricedAt: '2026-08-01T10:20:30.000Z',
    },
  };
}

export function makeEval(cases: EvalCaseResult[], telemetry: Record<string, ModelTelemetry> = {}): EvalReport {
  const models = [...new Set(cases.map((c) => c.model))];
  const ids = [...new Set(cases.map((c) => c.id))];
  return {
    golden: { file: 'golden/tasks.yaml', sha256: 'a'.repeat(64), cases: ids.length },
    models: models.map((id) => ({ id, kind: id === 'baseline' ? 'lexical-baseline' : 'llm' })),
    judge: null,
    settings: { runs: 5, maxSteps: 8, temperature: 0, softMinPasses: 4, cache: 'write', concurrency: 4 },
    cases,
    summary: summaryOf(cases),
    perModel: Object.fromEntries(models.map((m) => [m, summaryOf(cases.filter((c) => c.model === m))])),
    telemetry,
    matrix: {
      models,
      rows: ids.map((id) => ({
        id,
        cells: Object.fromEntries(
          cases.filter((c) => c.id === id).map((c) => [c.model, { passes: c.passes, runs: c.runs, status: c.status, flaky: c.flaky }]),
        ),
      })),
    },
  };
}

/** The history entry a run of this report would leave, with the given fields replaced. */
export function historyOf(report: Report, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    schemaVersion: '1',
    runId: 'run',
    startedAt: report.startedAt,
    green: report.verdict.exitCode === 0,
    verdict: report.verdict,
    target: {
      transport: report.target.transport,
      era: report.target.era,
      server: report.target.serverInfo?.name ?? report.target.endpoint,
    },
    ...(report.target.fingerprint ? { fingerprint: report.target.fingerprint } : {}),
    models: report.eval?.models.map((m) => m.id) ?? [],
    ...(report.eval ? { golden: { file: report.eval.golden.file, sha256: report.eval.golden.sha256 } } : {}),
    checks: report.checks.map((c) => ({ id: c.id, level: c.level, status: c.status })),
    cases: (report.eval?.cases ?? []).map((c) => ({
      id: c.id,
      model: c.model,
      kind: c.kind,
      runs: c.runs,
      passes: c.passes,
      passRate: c.passRate,
    })),
    ...overrides,
  };
}
