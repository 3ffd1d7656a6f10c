/** From samples to case verdicts and suite figures: pass rates, pass^k, floors, flakiness, accuracies. */

import type { CaseKind, EvalCaseResult, EvalSample, EvalSummary } from '../report/model.js';
import { oneLine } from '../shared/one-line.js';

/** Unbiased pass^k for k = 1..n from c passes in n samples: C(c,k) / C(n,k). */
export function passHatK(passes: number, runs: number): number[] {
  const out: number[] = [];
  for (let k = 1; k <= runs; k++) {
    let p = 1;
    for (let i = 0; i < k; i++) p *= Math.max(0, passes - i) / (runs - i);
    out.push(Math.round(p * 10_000) / 10_000);
  }
  return out;
}

export function requiredPasses(kind: CaseKind, runs: number, softFloor: number, override?: number): number {
  if (override !== undefined) return Math.min(override, runs);
  return kind === 'hard' ? runs : Math.max(1, Math.ceil(softFloor * runs - 1e-9));
}

/** Most frequent reasons first, with how many samples gave each. */
function topReasons(samples: EvalSample[], limit = 2): string {
  const counts = new Map<string, number>();
  for (const s of samples) for (const r of s.status === 'error' ? [s.error ?? 'error'] : s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([reason, n]) => `${reason}${n > 1 ? ` (${n} samples)` : ''}`)
    .join('; ');
}

export function caseVerdict(
  base: Omit<EvalCaseResult, 'passes' | 'errors' | 'passRate' | 'passHatK' | 'status' | 'flaky' | 'message'>,
): EvalCaseResult {
  const { trajectories: samples, runs, required } = base;
  const passes = samples.filter((s) => s.status === 'pass').length;
  const errors = samples.filter((s) => s.status === 'error').length;
  const status: EvalCaseResult['status'] = passes >= required ? 'pass' : errors > 0 && passes + errors >= required ? 'error' : 'fail';
  const flaky = passes > 0 && passes < runs;
  const head = `${passes}/${runs} passed (needs ${required})`;
  const problems = samples.filter((s) => s.status !== 'pass');
  // A sample's error may quote a server's multi-line text; the case message is one line, the sample keeps it whole.
  const message = problems.length === 0 ? head : `${head}: ${oneLine(topReasons(problems))}`;
  return { ...base, passes, errors, passRate: runs === 0 ? 0 : passes / runs, passHatK: passHatK(passes, runs), status, flaky, message };
}

function ratio(hit: number, total: number): number | null {
  return total === 0 ? null : Math.round((hit / total) * 10_000) / 10_000;
}

export function summarizeCases(cases: EvalCaseResult[], calls: { providerCalls: number; cacheHits: number }): EvalSummary {
  const samples = cases.flatMap((c) => c.trajectories.filter((s) => s.status !== 'error'));
  const positive = samples.filter((s) => s.selection !== 'not_applicable');
  const negative = samples.filter((s) => s.selection === 'not_applicable');
  const withArgs = samples.filter((s) => s.args !== undefined);
  const withSequence = samples.filter((s) => s.sequence !== undefined);
  const judged = samples.filter((s) => s.completion.status !== 'not_measured');
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
    sequenceAccuracy: ratio(withSequence.filter((s) => s.sequence!.ok).length, withSequence.length),
    completionRate: ratio(judged.filter((s) => s.completion.status === 'pass').length, judged.length),
    passHatK: atK.length === 0 ? null : Math.round((atK.reduce((a, b) => a + b, 0) / atK.length) * 10_000) / 10_000,
    providerCalls: calls.providerCalls,
    cacheHits: calls.cacheHits,
    inputTokens: samples.reduce((t, s) => t + (s.inputTokens ?? 0), 0),
    outputTokens: samples.reduce((t, s) => t + (s.outputTokens ?? 0), 0),
  };
}
