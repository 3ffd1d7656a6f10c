/**
 * What the per-model figures mean, written once: the gate's `metric:NAME@MODEL` items, the per-model
 * score columns and their legends in every format point here. Plain text; each renderer escapes it.
 */

/** The figures behaviour evals compute per model (EvalSummary), each defined over the samples of that model. */
export const METRIC_TERMS = {
  selectionAccuracy: 'share of samples that expect a tool whose first call was the expected tool',
  argumentAccuracy: 'share of correctly selected samples with expected arguments that got every expected argument right',
  overActivationRate: 'share of samples that expect no tool which called one anyway; lower is better, so the gate fails a rise',
  sequenceAccuracy: 'share of samples that expect a sequence whose calls matched it',
  completionRate: 'share of judged samples the judge passed as completing the task',
  passHatK: 'mean over cases of pass^k: the chance that k fresh samples of a case all pass, at k = runs',
} as const;
export type MetricName = keyof typeof METRIC_TERMS;

export function isMetricName(name: string): name is MetricName {
  return Object.hasOwn(METRIC_TERMS, name);
}

export interface MetricTerm {
  /** As it appears, e.g. `metric:argumentAccuracy@baseline`. */
  id: string;
  name: MetricName;
  model: string;
  /** What the figure is: `share of correctly selected samples …`. */
  meaning: string;
  /** One line that stands alone (a tooltip): `argumentAccuracy of model baseline: share of …`. */
  definition: string;
}

/** A gate item id, or the metric id inside a longer text. The model id may hold `:` and `/` (openai:gpt-4.1). */
const METRIC_ID = /metric:([A-Za-z]+)@([^\s,;()]*[^\s,;().])/g;

export function metricTerm(id: string): MetricTerm | undefined {
  const match = /^metric:([A-Za-z]+)@(.+)$/.exec(id);
  if (!match || !isMetricName(match[1]!)) return undefined;
  const [, name, model] = match as unknown as [string, MetricName, string];
  return { id, name, model, meaning: METRIC_TERMS[name], definition: `${name} of model ${model}: ${METRIC_TERMS[name]}` };
}

/** Every metric id in the texts, once each, in order of first appearance; unknown metric names are left out. */
export function metricTermsIn(texts: readonly string[]): MetricTerm[] {
  const seen = new Map<string, MetricTerm>();
  for (const text of texts) {
    for (const match of text.matchAll(METRIC_ID)) {
      const term = metricTerm(`metric:${match[1]}@${match[2]}`);
      if (term && !seen.has(term.id)) seen.set(term.id, term);
    }
  }
  return [...seen.values()];
}
