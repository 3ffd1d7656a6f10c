/**
 * Whether a baseline can be compared with the current report at all. Comparing runs of another
 * server, era or judge would turn a difference of setup into a pass or a fail, so each difference is
 * an inconclusive finding and the relative rules are not applied. An edited golden set or another set
 * of models is no such difference: the cases are matched pair by pair instead (case-set.ts).
 */

import type { Report } from '../report/model.js';
import { describeIdentity, sameTarget, targetIdentity } from './target.js';
import type { GateFinding } from './types.js';

export interface Comparability {
  findings: GateFinding[];
  /** Same server and era: conformance scores may be compared. */
  checks: boolean;
  /** Also eval results on both sides and the same judge: soft case scores may be compared, pair by pair. */
  eval: boolean;
}

function inconclusive(item: string, reason: string): GateFinding {
  return { item: `comparability:${item}`, kind: 'comparability', rule: 'comparable', verdict: 'inconclusive', reason };
}

export function compareSetup(current: Report, baseline: Report): Comparability {
  const findings: GateFinding[] = [];
  const now = targetIdentity(current.target);
  const then = targetIdentity(baseline.target);
  if (!sameTarget(now, then))
    findings.push(inconclusive('target', `the baseline is of ${describeIdentity(then)}, this run of ${describeIdentity(now)}`));
  const checks = findings.length === 0;

  const a = current.eval;
  const b = baseline.eval;
  if (!a && !b) return { findings, checks, eval: false };
  if (!a || !b) {
    findings.push(
      inconclusive(
        'eval',
        a ? 'the baseline has no layer 1 (eval) results to compare with' : 'this report has no layer 1 (eval) results, the baseline has',
      ),
    );
    return { findings, checks, eval: false };
  }
  let evalComparable = checks;
  const judge = (r: NonNullable<Report['eval']>): string => r.judge?.id ?? 'none';
  if (judge(a) !== judge(b)) {
    findings.push(inconclusive('judge', `the judge changed (${judge(b)} -> ${judge(a)}); soft scores were not compared`));
    evalComparable = false;
  }
  return { findings, checks, eval: evalComparable };
}
