/**
 * Layer 3 figures for an eval run, per model: latency percentiles of model calls, tool calls and
 * whole runs (HDR histogram, never a bare mean), token counts, and cost priced at run time from the
 * price table. Unknown tokens or prices give an unknown cost, never zero.
 */

import type { EvalCaseResult, EvalSample, LatencyFigures, ModelTelemetry } from '../report/model.js';
import { LatencyHistogram } from './histogram.js';
import { costOf, priceOf, type PriceTable } from './prices.js';
import { roundTo } from '../shared/numbers.js';

function figures(values: number[]): LatencyFigures | null {
  if (values.length === 0) return null;
  const histogram = new LatencyHistogram();
  for (const ms of values) histogram.recordMs(ms);
  return histogram.summaryMs();
}

function roundUsd(usd: number | null): number | null {
  return usd === null ? null : roundTo(usd, 8);
}

export function modelTelemetry(cases: EvalCaseResult[], model: string, prices: PriceTable, pricedAt: string): ModelTelemetry {
  const runs = cases
    .filter((c) => c.model === model)
    .flatMap((c) => c.trajectories)
    .filter((t) => t.status !== 'error');
  const tokensKnown = runs.every((t) => t.inputTokens !== undefined && t.outputTokens !== undefined);
  const input = tokensKnown ? runs.reduce((n, t) => n + (t.inputTokens ?? 0), 0) : null;
  const output = tokensKnown ? runs.reduce((n, t) => n + (t.outputTokens ?? 0), 0) : null;
  const price = priceOf(prices, model);
  // Sampling answers (MRTR) are in the tokens; priced at the model that gave them.
  const sampling = samplingTokens(runs);
  const samplingIn = [...sampling.values()].reduce((n, t) => n + t.input, 0);
  const samplingOut = [...sampling.values()].reduce((n, t) => n + t.output, 0);
  const parts = [
    costOf(price, input === null ? undefined : input - samplingIn, output === null ? undefined : output - samplingOut),
    ...[...sampling].map(([sampler, t]) => costOf(priceOf(prices, sampler), t.input, t.output)),
  ];
  const usd = parts.some((part) => part === null) ? null : parts.reduce<number>((n, part) => n + (part ?? 0), 0);
  const unpriced = [...sampling.keys()].filter((sampler) => !priceOf(prices, sampler));
  // Cached calls cost nothing this time: scale by the share of calls that reached the provider.
  const calls = runs.reduce((n, t) => n + t.modelCalls + t.cacheHits, 0);
  const live = runs.reduce((n, t) => n + t.modelCalls, 0);
  const spent = usd === null ? null : calls === 0 ? 0 : (usd * live) / calls;
  return {
    modelCallMs: figures(runs.flatMap((t) => t.stepMs)),
    toolCallMs: figures(runs.flatMap((t) => t.calls.filter((c) => !c.refused).map((c) => c.serverMs))),
    runMs: figures(runs.map((t) => t.modelMs + t.serverMs)),
    tokens: {
      input,
      output,
      perRun: input === null || output === null || runs.length === 0 ? null : Math.round((input + output) / runs.length),
    },
    cost: {
      usd: roundUsd(usd),
      perRunUsd: roundUsd(usd === null || runs.length === 0 ? null : usd / runs.length),
      spentUsd: roundUsd(spent),
      inputPerMTok: price?.inputPerMTok ?? null,
      outputPerMTok: price?.outputPerMTok ?? null,
      priceSource: !price
        ? `no price for ${model} in ${prices.source}`
        : unpriced.length > 0
          ? `no price for the sampling model ${unpriced.join(', ')} in ${prices.source}`
          : prices.source,
      pricedAt,
    },
  };
}

/** Tokens of the sampling answers per model that gave them (only samples whose tokens are known). */
function samplingTokens(runs: EvalSample[]): Map<string, { input: number; output: number }> {
  const byModel = new Map<string, { input: number; output: number }>();
  for (const t of runs) {
    if (!t.sampling || t.sampling.inputTokens === undefined || t.sampling.outputTokens === undefined) continue;
    const sum = byModel.get(t.sampling.model) ?? { input: 0, output: 0 };
    byModel.set(t.sampling.model, { input: sum.input + t.sampling.inputTokens, output: sum.output + t.sampling.outputTokens });
  }
  return byModel;
}
