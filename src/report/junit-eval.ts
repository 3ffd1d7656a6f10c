/** Layer 1 in JUnit: one suite per model, one test case per golden case with its pass rate and why it failed. */

import { caseReasons, passRate } from './failure-reasons.js';
import { outcomeOf, type JUnitSuite } from './junit-case.js';
import type { EvalCaseResult, EvalReport } from './model.js';

export function evalSuites(ev: EvalReport | undefined): JUnitSuite[] {
  if (!ev) return [];
  return ev.matrix.models.map((model) => ({
    name: `eval ${model}`,
    cases: ev.cases.filter((c) => c.model === model).map((c) => caseOf(c)),
  }));
}

function caseOf(c: EvalCaseResult): JUnitSuite['cases'][number] {
  const outcome = outcomeOf(c.status);
  const reasons = caseReasons(c);
  const message = `${passRate(c)}${outcome !== 'passed' && reasons ? `: ${reasons}` : ''}`;
  const runLines = c.trajectories
    .filter((t) => t.status !== 'pass')
    .map(
      (t) =>
        `run ${t.index + 1}: ${t.status}: ${t.status === 'error' ? (t.error ?? 'could not complete') : t.reasons.join('; ') || 'failed'}`,
    );
  return {
    classname: `mcpgate.eval.${c.model}`,
    name: `${c.id} (${c.kind})`,
    durationMs: c.trajectories.reduce((ms, t) => ms + t.modelMs + t.serverMs, 0),
    outcome,
    message,
    type: c.kind,
    details: [
      `${c.id} with ${c.model}: ${message}`,
      `source: ${c.source}`,
      ...(c.flaky ? ['flaky: passed some runs, not all'] : []),
      ...runLines,
    ].join('\n'),
  };
}
