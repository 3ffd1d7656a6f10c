/**
 * Whether a baseline can be compared with the current report at all. Comparing runs of another
 * server, era, golden set, model or judge would turn a difference of setup into a pass or a fail,
 * so each difference is an inconclusive finding and the relative rules are not applied.
 */

import type { Report } from '../report/model.js';
import { describeIdentity, sameTarget, targetIdentity } from './target.js';
import type { GateFinding } from './types.js';
import { listed } from './measure.js';

export interface Comparability {
  findings: GateFinding[];
  /** Same server and era: conformance scores may be compared. */
  checks: boolean;
  /** Also the same golden set and judge: soft case scores may be compared (per common model). */
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
  if (a.golden.sha256 !== b.golden.sha256) {
    const ids = (r: NonNullable<Report['eval']>): Set<string> => new Set(r.cases.map((c) => c.id));
    const added = [...ids(a)].filter((id) => !ids(b).has(id));
    const removed = [...ids(b)].filter((id) => !ids(a).has(id));
    const which = [added.length > 0 ? `added ${listed(added)}` : '', removed.length > 0 ? `removed ${listed(removed)}` : '']
      .filter(Boolean)
      .join('; ');
    findings.push(
      inconclusive(
        'golden',
        `the golden set changed (sha256 ${b.golden.sha256.slice(0, 12)} -> ${a.golden.sha256.slice(0, 12)}${which ? `: ${which}` : ', same case ids, edited definitions'}); soft scores were not compared`,
      ),
    );
    evalComparable = false;
  }
  const judge = (r: NonNullable<Report['eval']>): string => r.judge?.id ?? 'none';
  if (judge(a) !== judge(b)) {
    findings.push(inconclusive('judge', `the judge changed (${judge(b)} -> ${judge(a)}); soft scores were not compared`));
    evalComparable = false;
  }
  const models = (r: NonNullable<Report['eval']>): string[] => r.models.map((m) => m.id);
  const added = models(a).filter((m) => !models(b).includes(m));
  const removed = models(b).filter((m) => !models(a).includes(m));
  if (added.length > 0 || removed.length > 0) {
    const which = [added.length > 0 ? `added ${added.join(', ')}` : '', removed.length > 0 ? `removed ${removed.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    findings.push(inconclusive('models', `the models changed (${which}); only models in both runs were compared`));
  }
  return { findings, checks, eval: evalComparable };
}
