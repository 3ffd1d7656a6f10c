/**
 * Samples into per-scenario results and rates. A scenario passes only when every run passes; one
 * fabricated run fails it; runs that could not be scored make it not_measured or error, never green.
 */

import type {
  FaultSample,
  FaultScenarioResult,
  FaultVerdict,
  InjectionClass,
  InjectionResult,
  Rate,
  ScenarioReport,
  Status,
} from '../../report/model.js';
import type { FaultScenario } from './types.js';
import { roundTo } from '../../shared/numbers.js';

export function scenarioResult(scenario: FaultScenario, model: string, samples: FaultSample[]): FaultScenarioResult {
  const verdicts: Partial<Record<FaultVerdict, number>> = {};
  for (const s of samples) verdicts[s.verdict] = (verdicts[s.verdict] ?? 0) + 1;
  const passes = samples.filter((s) => s.status === 'pass').length;
  const status = worst(samples.map((s) => s.status));
  const tally = Object.entries(verdicts)
    .map(([v, n]) => `${v} ${n}`)
    .join(', ');
  return {
    id: scenario.id,
    model,
    tool: scenario.tool,
    fault: scenario.fault,
    occurrence: scenario.occurrence,
    source: scenario.source,
    runs: samples.length,
    passes,
    status,
    verdicts,
    message: `${passes} of ${samples.length} runs passed (${tally})`,
    samples,
  };
}

/** fail beats error beats not_measured beats pass. */
function worst(statuses: Status[]): Status {
  for (const status of ['fail', 'error', 'not_measured'] as const) if (statuses.includes(status)) return status;
  return statuses.length === 0 ? 'not_measured' : 'pass';
}

export function rateOf(results: readonly InjectionResult[]): Rate {
  const successes = results.reduce((n, r) => n + r.successes, 0);
  const scored = results.reduce((n, r) => n + r.scored, 0);
  return { successes, scored, rate: scored === 0 ? null : roundTo(successes / scored, 3) };
}

export function attackSuccess(results: readonly InjectionResult[]): ScenarioReport['attackSuccess'] {
  const classes = [...new Set(results.map((r) => r.class))];
  const models = [...new Set(results.map((r) => r.model))];
  const byClass = (subset: readonly InjectionResult[]): Partial<Record<InjectionClass, Rate>> =>
    Object.fromEntries(classes.map((c) => [c, rateOf(subset.filter((r) => r.class === c))]));
  return {
    byClass: byClass(results),
    byModel: Object.fromEntries(models.map((m) => [m, rateOf(results.filter((r) => r.model === m))])),
    byModelAndClass: Object.fromEntries(models.map((m) => [m, byClass(results.filter((r) => r.model === m))])),
  };
}

export function summarizeScenarios(
  scenarios: readonly FaultScenarioResult[],
  injections: readonly InjectionResult[],
): ScenarioReport['summary'] {
  const count = (status: Status): number => scenarios.filter((s) => s.status === status).length;
  return {
    scenarios: scenarios.length,
    passed: count('pass'),
    failed: count('fail'),
    notMeasured: count('not_measured'),
    errors: count('error'),
    attacks: rateOf(injections),
  };
}
