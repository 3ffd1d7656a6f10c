/**
 * Eval sections, telemetry and history entries for renderer and gate tests. Samples are scored as the
 * scorer scores them; a case's counts, status and message come from the runner's own caseVerdict, the
 * summaries from summarizeCases and the missing telemetry from modelTelemetry, so the section is one
 * `mcpgate eval` could write (makeReport then holds it to the invariants).
 */

import { caseVerdict, requiredPasses, summarizeCases } from '../../src/behavior/aggregate.js';
import { ConfusionTally } from '../../src/behavior/confusions.js';
import type {
  ConfusionTable,
  EvalCaseResult,
  EvalReport,
  EvalSample,
  HistoryEntry,
  LatencyFigures,
  ModelTelemetry,
  Report,
} from '../../src/report/model.js';
import { toHistoryEntry } from '../../src/gate/history-entry.js';
import { modelTelemetry } from '../../src/telemetry/eval-telemetry.js';
import { defaultPriceTable } from '../../src/telemetry/prices.js';

/** The soft floor of these fixtures: 4 of 5, 16 of 20 (the default --soft-floor). */
export const SOFT_FLOOR = 0.8;

export interface CaseOptions {
  id: string;
  model: string;
  passes?: number;
  runs?: number;
  /** A case-level floor (`min_passes`); otherwise N of N for hard cases and the soft floor. */
  required?: number;
  kind?: 'hard' | 'soft';
  /** Samples that could not be scored (after the passes). */
  errors?: number;
  /** A negative case (no tool expected): its failing samples called one anyway. */
  negative?: boolean;
  /** `caseSha256`, the hash of the case's definition in the golden file. */
  caseSha256?: string;
}

/** The tool the fixtures' positive cases expect first, and the one their failing runs call instead. */
export const EXPECTED_TOOL = 'get_weather';
export const WRONG_TOOL = 'get_forecast';

const toolCall = (name: string) => ({ name, arguments: { city: 'Paris' }, result: '{"temperature":21}', isError: false, serverMs: 2 });

/**
 * A sample as the scorer leaves it: a pass called the expected tool first (or none, for a negative
 * case), a failure called the wrong one (or one at all), an error ran nothing.
 */
export function makeSample(index: number, status: EvalSample['status'], negative = false): EvalSample {
  const common = {
    index,
    status,
    forbidden: [],
    completion: { status: 'not_measured' as const },
    finalText: '',
    modelMs: 10,
    serverMs: 2,
    stepMs: [10],
    modelCalls: 1,
    cacheHits: 0,
  };
  if (status === 'error')
    return {
      ...common,
      selection: 'none',
      overActivated: false,
      completion: { status: 'not_measured', reason: 'the sample did not complete' },
      reasons: [],
      calls: [],
      ended: 'error',
      error: 'the model did not answer within 60000 ms',
      modelMs: 0,
      serverMs: 0,
      stepMs: [],
    };
  const pass = status === 'pass';
  if (negative)
    return {
      ...common,
      selection: 'not_applicable',
      overActivated: !pass,
      reasons: pass ? [] : [`called ${EXPECTED_TOOL} although no tool fits this request`],
      calls: pass ? [] : [toolCall(EXPECTED_TOOL)],
      ended: 'answered',
    };
  return {
    ...common,
    selection: pass ? 'correct' : 'wrong',
    overActivated: false,
    reasons: pass ? [] : ['wrong tool'],
    calls: [toolCall(pass ? EXPECTED_TOOL : WRONG_TOOL)],
    ended: 'answered',
  };
}

/** The confusion table of each model, tallied by the runner's own ConfusionTally from the samples' first calls. */
export function confusionsOf(cases: EvalCaseResult[], models: string[]): Record<string, ConfusionTable> {
  const tally = new ConfusionTally();
  for (const c of cases) {
    const negative = c.trajectories.some((t) => t.selection === 'not_applicable');
    const expected = negative ? null : (c.trajectories.find((t) => t.selection === 'correct')?.calls[0]?.name ?? EXPECTED_TOOL);
    for (const t of c.trajectories) if (t.status !== 'error') tally.add(c.model, c.id, expected, t.calls[0]?.name ?? null);
  }
  return tally.tables(models);
}

export function makeCase(options: CaseOptions): EvalCaseResult {
  const { id, model, passes = 5, runs = 5, kind = 'hard', errors = 0, negative = false } = options;
  const trajectories = Array.from({ length: runs }, (_, i) =>
    makeSample(i, i < passes ? 'pass' : i < passes + errors ? 'error' : 'fail', negative),
  );
  return caseVerdict({
    id,
    model,
    kind,
    tags: [],
    source: `golden/tasks.yaml:${id}`,
    ...(options.caseSha256 ? { caseSha256: options.caseSha256 } : {}),
    runs,
    required: requiredPasses(kind, runs, SOFT_FLOOR, options.required),
    trajectories,
  });
}

/** A case with its trajectories replaced (richer samples than makeSample's), its counts and status recomputed. */
export function withTrajectories(c: EvalCaseResult, trajectories: EvalSample[]): EvalCaseResult {
  const { passes: _p, errors: _e, passRate: _r, passHatK: _k, status: _s, flaky: _f, message: _m, ...base } = c;
  return caseVerdict({ ...base, runs: trajectories.length, trajectories });
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

/**
 * The eval section of a run of these cases: the models in order of first appearance, one summary per
 * model and in all, the matrix, and telemetry (as given, else as modelTelemetry measures the samples).
 */
export function makeEval(cases: EvalCaseResult[], telemetry: Record<string, ModelTelemetry> = {}, runs = 5): EvalReport {
  const models = [...new Set(cases.map((c) => c.model))];
  const ids = [...new Set(cases.map((c) => c.id))];
  const calls = (own: EvalCaseResult[]) => ({
    providerCalls: own.reduce((n, c) => n + c.trajectories.reduce((m, t) => m + t.modelCalls, 0), 0),
    cacheHits: 0,
  });
  return {
    golden: { file: 'golden/tasks.yaml', sha256: 'a'.repeat(64), cases: ids.length },
    models: models.map((id) => ({ id, kind: id === 'baseline' ? 'lexical-baseline' : 'llm' })),
    judge: null,
    settings: {
      runs,
      maxSteps: 8,
      temperature: 0,
      softMinPasses: requiredPasses('soft', runs, SOFT_FLOOR),
      cache: 'write',
      concurrency: 4,
    },
    cases,
    summary: summarizeCases(cases, calls(cases)),
    perModel: Object.fromEntries(
      models.map((m) => [
        m,
        summarizeCases(
          cases.filter((c) => c.model === m),
          calls(cases.filter((c) => c.model === m)),
        ),
      ]),
    ),
    telemetry: Object.fromEntries(
      models.map((m) => [m, telemetry[m] ?? modelTelemetry(cases, m, defaultPriceTable(), '2026-08-01T10:20:30.000Z')]),
    ),
    matrix: {
      models,
      rows: ids.map((id) => ({
        id,
        cells: Object.fromEntries(
          cases.filter((c) => c.id === id).map((c) => [c.model, { passes: c.passes, runs: c.runs, status: c.status, flaky: c.flaky }]),
        ),
      })),
    },
    confusions: confusionsOf(cases, models),
  };
}

/** The history entry a run of this report leaves (the gate's own toHistoryEntry), with the given fields replaced. */
export function historyOf(report: Report, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return { ...toHistoryEntry(report), ...overrides };
}
