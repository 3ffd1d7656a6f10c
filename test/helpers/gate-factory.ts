/** Reports for gate and history tests: eval cases with k of N passing samples, and a server fingerprint. */

import { createHash } from 'node:crypto';
import type { EvalCaseResult, EvalSample, Report } from '../../src/report/model.js';
import { makeReport } from './report-factory.js';

export interface CaseSpec {
  id: string;
  model?: string;
  kind?: 'hard' | 'soft';
  passes: number;
  runs: number;
  /** A negative case (no tool expected): its failing samples over-activated. */
  negative?: boolean;
  errors?: number;
  /**
   * Stands for the case's content (`caseSha256` is its sha256): give another to model an edited case.
   * `null` leaves `caseSha256` out, as reports written before case hashes did.
   */
  definition?: string | null;
}

function sample(index: number, status: EvalSample['status'], negative: boolean): EvalSample {
  const pass = status === 'pass';
  return {
    index,
    status,
    selection: negative ? 'not_applicable' : pass ? 'correct' : 'wrong',
    overActivated: negative && !pass,
    ...(negative ? {} : { args: { ok: pass, issues: [] } }),
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

export function gateCase(spec: CaseSpec): EvalCaseResult {
  const { id, model = 'baseline', kind = 'soft', passes, runs, negative = false, errors = 0, definition = `case ${id}` } = spec;
  const required = kind === 'hard' ? runs : Math.ceil(runs * 0.8);
  const trajectories = Array.from({ length: runs }, (_, i) =>
    sample(i, i < passes ? 'pass' : i < passes + errors ? 'error' : 'fail', negative),
  );
  const status = passes >= required ? 'pass' : errors > 0 && passes + errors >= required ? 'error' : 'fail';
  return {
    id,
    model,
    kind,
    tags: [],
    source: `tasks.yaml:${id}`,
    ...(definition === null ? {} : { caseSha256: createHash('sha256').update(definition).digest('hex') }),
    runs,
    passes,
    errors,
    passRate: passes / runs,
    required,
    passHatK: [],
    status,
    flaky: passes > 0 && passes < runs,
    message: `${passes}/${runs} passed`,
    trajectories,
  };
}

const EMPTY_SUMMARY = {
  cases: 0,
  passed: 0,
  failed: 0,
  errored: 0,
  flaky: 0,
  selectionAccuracy: null,
  overActivationRate: null,
  argumentAccuracy: null,
  sequenceAccuracy: null,
  completionRate: null,
  passHatK: null,
  providerCalls: 0,
  cacheHits: 0,
  inputTokens: 0,
  outputTokens: 0,
};

/** An eval report as `mcpgate eval` writes it (summaries are not read by the gate, so they stay empty). */
export function evalRun(
  specs: CaseSpec[],
  options: { goldenSha?: string; toolsSha256?: string; serverVersion?: string; startedAt?: string; models?: string[] } = {},
): Report {
  const cases = specs.map(gateCase);
  const models = options.models ?? [...new Set(cases.map((c) => c.model))];
  const failed = cases.some((c) => c.status === 'fail');
  const report = makeReport([], {
    ...(options.startedAt ? { startedAt: options.startedAt } : {}),
    verdict: failed ? { exitCode: 1, reason: 'case result(s) below their floor' } : { exitCode: 0, reason: 'every case met its floor' },
    eval: {
      golden: { file: 'golden/tasks.yaml', sha256: options.goldenSha ?? 'a'.repeat(64), cases: new Set(cases.map((c) => c.id)).size },
      models: models.map((id) => ({ id, kind: id === 'baseline' ? 'lexical-baseline' : 'llm' })),
      judge: null,
      settings: { runs: 20, maxSteps: 8, temperature: 0, softMinPasses: 16, cache: 'write', concurrency: 4 },
      cases,
      summary: EMPTY_SUMMARY,
      perModel: Object.fromEntries(models.map((m) => [m, EMPTY_SUMMARY])),
      telemetry: {},
      matrix: { models, rows: [] },
    },
  });
  report.target.fingerprint = {
    toolsSha256: options.toolsSha256 ?? 'f'.repeat(64),
    toolCount: 5,
    serverName: 'reference-server',
    serverVersion: options.serverVersion ?? '1.2.3',
  };
  return report;
}
