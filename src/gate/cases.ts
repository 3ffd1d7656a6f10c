/**
 * Layer 1 cases under the gate. A hard case must pass every run, whatever the baseline. A soft case's
 * pass rate may not drop by more than max-drop, and a drop only counts when it is significant: the
 * low end of the Newcombe interval of (baseline rate - current rate) must exceed max-drop. Samples
 * that errored were not measured and are left out of both counts.
 */

import type { EvalCaseResult, Report } from '../report/model.js';
import type { CaseMatch } from './case-set.js';
import { intervalText, percent, points } from '../report/format.js';
import { measured } from './measure.js';
import type { GateFinding, GateOptions } from './types.js';
import { dropInterval } from './wilson.js';

const key = (c: EvalCaseResult): string => `${c.id}@${c.model}`;

/** The rules that need no baseline. */
export function hardCaseFindings(current: Report): GateFinding[] {
  const findings: GateFinding[] = [];
  for (const c of current.eval?.cases ?? []) {
    if (c.status === 'error') {
      findings.push({
        item: `case:${key(c)}`,
        kind: 'case',
        rule: c.kind,
        verdict: 'inconclusive',
        reason: `could not be scored: ${c.message}`,
      });
    } else if (c.kind === 'hard' && c.status === 'fail') {
      findings.push({
        item: `case:${key(c)}`,
        kind: 'case',
        rule: 'hard',
        verdict: 'fail',
        reason: `hard case must pass every run: ${c.message}`,
      });
    }
  }
  return findings;
}

/**
 * The soft cases compared with the baseline: only pairs of the same case (id and definition) and model
 * on both sides (case-set.ts). Pairs that are new, removed or changed are listed by the gate, not judged.
 */
export function relativeCaseFindings(match: CaseMatch, options: GateOptions, z: number): GateFinding[] {
  const findings: GateFinding[] = [];
  for (const { current, baseline } of match.compared) {
    // Hard cases and unscored ones are judged by hardCaseFindings alone.
    if (current.kind !== 'soft' || current.status === 'error') continue;
    findings.push(softCaseFinding(current, baseline, options, z));
  }
  return findings;
}

function softCaseFinding(c: EvalCaseResult, old: EvalCaseResult, options: GateOptions, z: number): GateFinding {
  const baseline = measured({ k: old.passes, n: old.runs - old.errors }, z);
  const current = measured({ k: c.passes, n: c.runs - c.errors }, z);
  const base = { item: `case:${key(c)}`, kind: 'case' as const, rule: 'soft' as const, baseline, current };
  if (baseline.n < options.minSamples || current.n < options.minSamples) {
    return {
      ...base,
      verdict: 'inconclusive',
      reason: `too few samples to judge a drop (baseline ${baseline.n}, now ${current.n}; --min-samples ${options.minSamples})`,
    };
  }
  const drop = dropInterval(baseline, current, z);
  const observed = baseline.rate - current.rate;
  if (drop.low > options.maxDrop) {
    return {
      ...base,
      drop,
      verdict: 'fail',
      reason: `pass rate dropped ${percent(baseline.rate)} -> ${percent(current.rate)}; the drop's interval ${intervalText(drop)} lies above max-drop ${points(options.maxDrop)}`,
    };
  }
  const why = observed > 0 ? `dropped ${points(observed)}, within the noise (drop interval ${intervalText(drop)})` : 'no drop';
  return { ...base, drop, verdict: 'pass', reason: why };
}
