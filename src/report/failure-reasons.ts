/**
 * Why a repeated case or scenario did not pass, in one line every format can show: each distinct
 * reason once, most frequent first, with the number of runs that gave it.
 */

import type { EvalCaseResult, FaultScenarioResult, InjectionResult } from './model.js';

const MAX_REASONS = 3;

export function tally(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = ranked.slice(0, MAX_REASONS).map(([reason, n]) => (n > 1 ? `${reason} (${n} runs)` : reason));
  if (ranked.length > MAX_REASONS) shown.push(`${ranked.length - MAX_REASONS} other reasons`);
  return shown.join('; ');
}

/** Reasons of the runs that did not pass; an errored run's reason is its error. */
export function caseReasons(c: EvalCaseResult): string {
  return tally(
    c.trajectories
      .filter((t) => t.status !== 'pass')
      .flatMap((t) => (t.status === 'error' ? [t.error ?? 'the run could not complete'] : t.reasons.length > 0 ? t.reasons : ['failed'])),
  );
}

export function scenarioReasons(s: FaultScenarioResult): string {
  return tally(s.samples.filter((x) => x.status !== 'pass').map((x) => `${x.verdict}: ${x.error ?? x.reason}`));
}

export function injectionReasons(i: InjectionResult): string {
  return tally(i.samples.filter((x) => x.succeeded || x.error !== undefined).map((x) => x.error ?? x.reason));
}

/** `k/N passed (needs R)`: the pass rate every format states the same way. */
export function passRate(c: Pick<EvalCaseResult, 'passes' | 'runs' | 'required'>): string {
  return `${c.passes}/${c.runs} passed (needs ${c.required})`;
}
