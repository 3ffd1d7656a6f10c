/**
 * Layer 0 under the gate. MUST checks are hard: a failure now fails the gate whatever the baseline
 * says, unless the report already tolerates it as an expected failure. SHOULD checks are soft: the
 * share of them passing may not drop by more than max-drop. Checks are deterministic (one run each),
 * so their drop needs no significance test: a check that went from pass to warn is a real change.
 */

import type { CheckResult, Report } from '../report/model.js';
import { points } from '../report/format.js';
import { listed, measured } from './measure.js';
import type { GateFinding, GateOptions } from './types.js';

const UNMEASURED = new Set(['error', 'not_measured']);

/** The rules that need no baseline. */
export function hardCheckFindings(current: Report): GateFinding[] {
  const findings: GateFinding[] = [];
  for (const check of current.checks) {
    const item = `check:${check.id}`;
    if (UNMEASURED.has(check.status)) {
      findings.push({
        item,
        kind: 'check',
        rule: check.level === 'MUST' ? 'hard' : 'soft',
        verdict: 'inconclusive',
        reason: `${check.level} check could not be run (${check.status}): ${check.message}`,
      });
    } else if (check.level === 'MUST' && check.status === 'fail' && !check.expectedFailure) {
      findings.push({ item, kind: 'check', rule: 'hard', verdict: 'fail', reason: `MUST check failed: ${check.message}` });
    }
  }
  const stale = current.summary.staleExpectedFailures;
  if (stale.length > 0) {
    findings.push({
      item: 'check:expected-failures',
      kind: 'check',
      rule: 'hard',
      verdict: 'fail',
      reason: `stale expected failures (they pass now; remove them from the file): ${listed(stale)}`,
    });
  }
  return findings;
}

/** The rules that compare with the baseline: the same set of checks, and the SHOULD score. */
export function relativeCheckFindings(current: Report, baseline: Report, options: GateOptions, z: number): GateFinding[] {
  if (current.checks.length === 0 && baseline.checks.length === 0) return [];
  const inconclusive = (item: string, reason: string): GateFinding => ({
    item,
    kind: 'check',
    rule: 'comparable',
    verdict: 'inconclusive',
    reason,
  });
  if (baseline.checks.length === 0)
    return [inconclusive('checks:baseline', 'the baseline has no layer 0 (conformance) results; SHOULD checks were not compared')];
  if (current.checks.length === 0)
    return [inconclusive('checks:current', `this report has no layer 0 (conformance) results, the baseline has ${baseline.checks.length}`)];

  const findings: GateFinding[] = [];
  const before = new Map(baseline.checks.map((c) => [c.id, c]));
  const now = new Map(current.checks.map((c) => [c.id, c]));
  const added = [...now.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !now.has(id));
  if (added.length > 0)
    findings.push(inconclusive('checks:added', `checks not in the baseline (no earlier result to compare): ${listed(added)}`));
  if (removed.length > 0) findings.push(inconclusive('checks:removed', `checks of the baseline that did not run now: ${listed(removed)}`));

  // Only checks judged on both sides count; a skip is "not applicable", not a pass or a failure.
  const judged = (c: CheckResult | undefined): c is CheckResult => c !== undefined && c.status !== 'skip' && !UNMEASURED.has(c.status);
  const pairs = [...now.values()]
    .filter((c) => c.level === 'SHOULD' && judged(c) && judged(before.get(c.id)))
    .map((c) => ({ now: c, then: before.get(c.id)! }));
  if (pairs.length === 0) return findings;
  const baseRate = measured({ k: pairs.filter((p) => p.then.status === 'pass').length, n: pairs.length }, z);
  const currentRate = measured({ k: pairs.filter((p) => p.now.status === 'pass').length, n: pairs.length }, z);
  const regressed = pairs.filter((p) => p.then.status === 'pass' && p.now.status !== 'pass').map((p) => p.now.id);
  const drop = baseRate.rate - currentRate.rate;
  const fail = drop > options.maxDrop + 1e-12;
  const detail = regressed.length > 0 ? `; no longer passing: ${listed(regressed)}` : '';
  findings.push({
    item: 'checks:should-score',
    kind: 'check',
    rule: 'soft',
    verdict: fail ? 'fail' : 'pass',
    reason: fail
      ? `SHOULD checks passing dropped by ${points(drop)} (more than max-drop ${points(options.maxDrop)})${detail}`
      : `SHOULD checks passing: no drop beyond ${points(options.maxDrop)}${detail}`,
    baseline: baseRate,
    current: currentRate,
  });
  return findings;
}
