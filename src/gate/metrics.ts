/**
 * Per-model suite figures under the gate: selection and argument accuracy may not drop, and the
 * over-activation rate may not rise, by more than max-drop, with the same significance test as cases.
 * The counts are taken from the samples with the definitions of behavior/aggregate.ts `summarizeCases`
 * (the report keeps only the ratios, and a ratio without its denominator cannot be tested).
 */

import type { EvalCaseResult, EvalSample } from '../report/model.js';
import type { CaseMatch } from './case-set.js';
import { intervalText, percent, points } from '../report/format.js';
import { measured } from './measure.js';
import type { GateFinding, GateOptions, Proportion } from './types.js';
import { dropInterval } from './wilson.js';

interface Metric {
  name: 'selectionAccuracy' | 'argumentAccuracy' | 'overActivationRate';
  /** Whether a higher value is better (accuracies) or worse (over-activation). */
  higherIsBetter: boolean;
  count(samples: EvalSample[]): Proportion;
}

const proportion = (hits: EvalSample[], all: EvalSample[]): Proportion => ({ k: hits.length, n: all.length });

const METRICS: Metric[] = [
  {
    name: 'selectionAccuracy',
    higherIsBetter: true,
    count: (s) => {
      const positive = s.filter((x) => x.selection !== 'not_applicable');
      return proportion(
        positive.filter((x) => x.selection === 'correct'),
        positive,
      );
    },
  },
  {
    name: 'argumentAccuracy',
    higherIsBetter: true,
    count: (s) => {
      const withArgs = s.filter((x) => x.args !== undefined);
      return proportion(
        withArgs.filter((x) => x.args!.ok),
        withArgs,
      );
    },
  },
  {
    name: 'overActivationRate',
    higherIsBetter: false,
    count: (s) => {
      const negative = s.filter((x) => x.selection === 'not_applicable');
      return proportion(
        negative.filter((x) => x.overActivated),
        negative,
      );
    },
  },
];

function samplesOf(cases: EvalCaseResult[], model: string): EvalSample[] {
  return cases.filter((c) => c.model === model).flatMap((c) => c.trajectories.filter((s) => s.status !== 'error'));
}

/**
 * Pooled over the pairs compared (same case, definition and model on both sides), so a case added to
 * or removed from the golden set does not move a suite figure by itself.
 */
export function metricFindings(match: CaseMatch, options: GateOptions, z: number): GateFinding[] {
  const now = match.compared.map((p) => p.current);
  const then = match.compared.map((p) => p.baseline);
  const models = [...new Set(now.map((c) => c.model))];
  const findings: GateFinding[] = [];
  for (const model of models) {
    const nowSamples = samplesOf(now, model);
    const thenSamples = samplesOf(then, model);
    for (const metric of METRICS) {
      const before = measured(metric.count(thenSamples), z);
      const after = measured(metric.count(nowSamples), z);
      if (before.n === 0 && after.n === 0) continue;
      const base = {
        item: `metric:${metric.name}@${model}`,
        kind: 'metric' as const,
        rule: 'soft' as const,
        baseline: before,
        current: after,
      };
      if (before.n < options.minSamples || after.n < options.minSamples) {
        findings.push({
          ...base,
          verdict: 'inconclusive',
          reason: `too few samples to judge a change (baseline ${before.n}, now ${after.n}; --min-samples ${options.minSamples})`,
        });
        continue;
      }
      const drop = metric.higherIsBetter ? dropInterval(before, after, z) : dropInterval(after, before, z);
      const direction = metric.higherIsBetter ? 'dropped' : 'rose';
      const significant = drop.low > options.maxDrop;
      findings.push({
        ...base,
        drop,
        verdict: significant ? 'fail' : 'pass',
        reason: significant
          ? `${metric.name} ${direction} ${percent(before.rate)} -> ${percent(after.rate)}; the change's interval ${intervalText(drop)} lies beyond max-drop ${points(options.maxDrop)}`
          : `${metric.name} ${percent(before.rate)} -> ${percent(after.rate)}, within the noise (interval ${intervalText(drop)})`,
      });
    }
  }
  return findings;
}
