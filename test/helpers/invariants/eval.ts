/**
 * Layer 1 as the runner writes it (src/behavior/aggregate.ts, runner.ts), recomputed here from the
 * samples without that code: a case's counts, rate, status, flakiness and pass^k follow from its
 * trajectories; the summaries, the matrix and the telemetry cover exactly the cases and models there are.
 */

import type { EvalCaseResult, EvalReport, EvalSample, EvalSummary } from '../../../src/report/model.js';

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** C(passes, k) / C(runs, k) for k = 1..runs, the unbiased pass^k. */
function passHatK(passes: number, runs: number): number[] {
  return Array.from({ length: runs }, (_, i) => {
    let p = 1;
    for (let j = 0; j <= i; j++) p *= Math.max(0, passes - j) / (runs - j);
    return round4(p);
  });
}

/** A sample as the scorer leaves it (src/behavior/scorers/score-sample.ts). */
function sampleImpossibilities(at: string, s: EvalSample): string[] {
  const problems: string[] = [];
  if (s.status === 'error') return s.error === undefined ? [`${at} is an error without one`] : [];
  if (s.args && s.selection !== 'correct') problems.push(`${at} scores arguments of a ${s.selection} first call`);
  if (s.args && s.args.ok !== s.args.issues.every((issue) => issue.kind === 'unexpected'))
    problems.push(`${at} has arguments ok ${s.args.ok} with issues ${JSON.stringify(s.args.issues.map((i) => i.kind))}`);
  if (s.overActivated && s.selection !== 'not_applicable') problems.push(`${at} over-activated on a case that expects a tool`);
  if ((s.selection === 'none') !== (s.calls.length === 0) && s.selection !== 'not_applicable')
    problems.push(`${at} has a ${s.selection} selection with ${s.calls.length} call(s)`);
  if (s.selection === 'not_applicable' && s.overActivated !== s.calls.length > 0)
    problems.push(`${at} over-activated ${s.overActivated} with ${s.calls.length} call(s)`);
  if (s.status === 'fail' && s.reasons.length === 0) problems.push(`${at} failed without a reason`);
  const shapeOk = s.selection === 'not_applicable' ? !s.overActivated : s.sequence ? s.sequence.ok : s.selection === 'correct';
  if (s.status === 'pass' && !(shapeOk && (s.args?.ok ?? true) && s.forbidden.length === 0 && s.completion.status !== 'fail'))
    problems.push(
      `${at} passed with a ${s.selection} selection, arguments ${s.args?.ok ?? 'unscored'}, forbidden ${JSON.stringify(s.forbidden)}`,
    );
  return problems;
}

/**
 * A case the runner could not run at all (its golden entry names a tool the server lacks): the runs it
 * planned, no sample, an error with nothing counted (src/behavior/runner.ts, toolProblems).
 */
function notRunImpossibilities(at: string, c: EvalCaseResult): string[] {
  const { passes, errors, passRate, passHatK, status, flaky } = c;
  const found = { passes, errors, passRate, passHatK, status, flaky };
  const expected = { passes: 0, errors: 0, passRate: 0, passHatK: [], status: 'error', flaky: false };
  return JSON.stringify(found) === JSON.stringify(expected) ? [] : [`${at}: ran no sample, but reads ${JSON.stringify(found)}`];
}

function caseImpossibilities(c: EvalCaseResult): string[] {
  const at = `eval case ${c.id}@${c.model}`;
  if (c.trajectories.length === 0 && c.runs > 0) return notRunImpossibilities(at, c);
  const problems: string[] = [];
  const samples = c.trajectories;
  const passes = samples.filter((s) => s.status === 'pass').length;
  const errors = samples.filter((s) => s.status === 'error').length;
  const same = (what: string, actual: unknown, expected: unknown): void => {
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      problems.push(`${at}: ${what} is ${JSON.stringify(actual)}, its samples give ${JSON.stringify(expected)}`);
  };
  same('runs', c.runs, samples.length);
  same('passes', c.passes, passes);
  same('errors', c.errors, errors);
  same('passRate', c.passRate, samples.length === 0 ? 0 : passes / samples.length);
  same(
    'sample indexes',
    samples.map((s) => s.index),
    samples.map((_, i) => i),
  );
  if (c.required > c.runs || (c.runs > 0 && c.required < 1)) problems.push(`${at}: required ${c.required} of ${c.runs} runs`);
  same('status', c.status, passes >= c.required ? 'pass' : errors > 0 && passes + errors >= c.required ? 'error' : 'fail');
  same('flaky', c.flaky, passes > 0 && passes < samples.length);
  same('passHatK', c.passHatK, passHatK(passes, samples.length));
  for (const s of samples) problems.push(...sampleImpossibilities(`${at}: sample ${s.index}`, s));
  if (new Set(samples.map((s) => s.selection === 'not_applicable')).size > 1) problems.push(`${at}: expects a tool in some samples only`);
  return problems;
}

const ratio = (hit: number, total: number): number | null => (total === 0 ? null : round4(hit / total));

/** The summary of these cases, recounted: counts, accuracies over scored samples, tokens. */
function recount(cases: EvalCaseResult[]): Omit<EvalSummary, 'providerCalls' | 'cacheHits' | 'completionRate' | 'sequenceAccuracy'> {
  const scored = cases.flatMap((c) => c.trajectories.filter((s) => s.status !== 'error'));
  const positive = scored.filter((s) => s.selection !== 'not_applicable');
  const negative = scored.filter((s) => s.selection === 'not_applicable');
  const withArgs = scored.filter((s) => s.args !== undefined);
  const atK = cases.filter((c) => c.runs > 0).map((c) => c.passHatK[c.runs - 1] ?? 0);
  return {
    cases: cases.length,
    passed: cases.filter((c) => c.status === 'pass').length,
    failed: cases.filter((c) => c.status === 'fail').length,
    errored: cases.filter((c) => c.status === 'error').length,
    flaky: cases.filter((c) => c.flaky).length,
    selectionAccuracy: ratio(positive.filter((s) => s.selection === 'correct').length, positive.length),
    overActivationRate: ratio(negative.filter((s) => s.overActivated).length, negative.length),
    argumentAccuracy: ratio(withArgs.filter((s) => s.args!.ok).length, withArgs.length),
    passHatK: atK.length === 0 ? null : round4(atK.reduce((a, b) => a + b, 0) / atK.length),
    inputTokens: scored.reduce((t, s) => t + (s.inputTokens ?? 0), 0),
    outputTokens: scored.reduce((t, s) => t + (s.outputTokens ?? 0), 0),
  };
}

function summaryImpossibilities(where: string, summary: EvalSummary, cases: EvalCaseResult[]): string[] {
  const expected = recount(cases);
  return Object.entries(expected).flatMap(([key, value]) => {
    const actual = summary[key as keyof typeof expected];
    return actual === value ? [] : [`${where}.${key} is ${JSON.stringify(actual)}, its cases give ${JSON.stringify(value)}`];
  });
}

/**
 * The confusion table of each model (src/behavior/confusions.ts): every scored sample once, in the cell
 * of the tool its case expects and the tool it called first; the diagonal holds the right picks.
 */
function confusionImpossibilities(section: EvalReport, models: string[]): string[] {
  const tables = section.confusions;
  if (!tables) return [];
  const problems: string[] = [];
  if (JSON.stringify(Object.keys(tables).sort()) !== JSON.stringify([...models].sort()))
    problems.push(`eval.confusions covers ${JSON.stringify(Object.keys(tables))}, the models are ${JSON.stringify(models)}`);
  for (const [model, table] of Object.entries(tables)) {
    const at = `eval.confusions[${model}]`;
    const cells = table.cells;
    if (table.samples !== cells.reduce((n, c) => n + c.count, 0))
      problems.push(`${at}: samples ${table.samples} is not the sum of its cells`);
    for (const cell of cells)
      if (cell.count !== cell.cases.reduce((n, c) => n + c.count, 0)) problems.push(`${at}: a cell's count is not the sum of its cases`);
    for (const c of section.cases.filter((x) => x.model === model)) {
      const scored = c.trajectories.filter((s) => s.status !== 'error');
      const counted = (match: (cell: (typeof cells)[number]) => boolean): number =>
        cells.filter(match).reduce((n, cell) => n + (cell.cases.find((x) => x.id === c.id)?.count ?? 0), 0);
      if (counted(() => true) !== scored.length)
        problems.push(`${at}: case ${c.id} has ${scored.length} scored samples, the table counts ${counted(() => true)}`);
      const right = scored.filter((s) => s.selection === 'correct' || (s.selection === 'not_applicable' && !s.overActivated)).length;
      const diagonal = counted((cell) => cell.expected === cell.chosen);
      if (diagonal !== right) problems.push(`${at}: case ${c.id} picked right ${right} times, the diagonal counts ${diagonal}`);
    }
  }
  return problems;
}

export function evalImpossibilities(section: EvalReport): string[] {
  const problems = section.cases.flatMap(caseImpossibilities);
  const models = section.models.map((m) => m.id);
  const pairs = section.cases.map((c) => `${c.id}@${c.model}`);
  const ids = [...new Set(section.cases.map((c) => c.id))];
  if (new Set(pairs).size !== pairs.length) problems.push('eval: a case appears twice for one model');
  if (new Set(models).size !== models.length) problems.push('eval.models: a model appears twice');
  for (const m of section.models)
    if ((m.id === 'baseline') !== (m.kind === 'lexical-baseline')) problems.push(`eval.models: ${m.id} has kind ${m.kind}`);
  for (const c of section.cases) if (!models.includes(c.model)) problems.push(`eval case ${c.id}@${c.model}: model not in eval.models`);
  const sameKeys = (what: string, keys: string[]): void => {
    if (JSON.stringify([...keys].sort()) !== JSON.stringify([...models].sort()))
      problems.push(`${what} covers ${JSON.stringify(keys)}, the models are ${JSON.stringify(models)}`);
  };
  sameKeys('eval.perModel', Object.keys(section.perModel));
  sameKeys('eval.telemetry', Object.keys(section.telemetry));
  if (JSON.stringify(section.matrix.models) !== JSON.stringify(models)) problems.push('eval.matrix.models differs from eval.models');
  problems.push(...summaryImpossibilities('eval.summary', section.summary, section.cases));
  for (const [model, summary] of Object.entries(section.perModel))
    problems.push(
      ...summaryImpossibilities(
        `eval.perModel[${model}]`,
        summary,
        section.cases.filter((c) => c.model === model),
      ),
    );
  const rows = ids.map((id) => ({
    id,
    cells: Object.fromEntries(
      section.cases.filter((c) => c.id === id).map((c) => [c.model, { passes: c.passes, runs: c.runs, status: c.status, flaky: c.flaky }]),
    ),
  }));
  if (JSON.stringify(section.matrix.rows) !== JSON.stringify(rows)) problems.push('eval.matrix.rows do not match the cases');
  problems.push(...confusionImpossibilities(section, models));
  if (section.shard ? section.golden.cases < ids.length : section.golden.cases !== ids.length)
    problems.push(`eval.golden.cases is ${section.golden.cases}, the report has ${ids.length} case ids`);
  return problems;
}
