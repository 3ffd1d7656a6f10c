/**
 * What a sample cost in model calls and tokens: the agent's own steps and the model calls that
 * answered the server's sampling requests (MRTR), counted alike. A server that asks for sampling
 * spends the run's budget as surely as the agent does, so its calls are in the sample's figures,
 * and from there in the case's, the model's and the run's; `sampling` says how much of it they were.
 */

import type { Usage } from '../models/types.js';
import type { EvalSample } from '../report/model.js';
import type { Trajectory } from './types.js';

export type SampleUsage = Pick<EvalSample, 'inputTokens' | 'outputTokens' | 'modelCalls' | 'cacheHits' | 'sampling'>;

interface Turn {
  usage: Usage;
  cached: boolean;
}

export function sampleUsage(t: Trajectory): SampleUsage {
  const sampling = t.steps.flatMap((s) => s.calls.flatMap((c) => c.sampling ?? []));
  const turns: Turn[] = [...t.steps, ...sampling];
  const first = sampling[0];
  return {
    ...tokenCounts(turns),
    modelCalls: turns.filter((turn) => !turn.cached).length,
    cacheHits: turns.filter((turn) => turn.cached).length,
    ...(first
      ? {
          sampling: {
            model: first.model,
            modelCalls: sampling.filter((turn) => !turn.cached).length,
            cacheHits: sampling.filter((turn) => turn.cached).length,
            ...tokenCounts(sampling),
          },
        }
      : {}),
  };
}

/** Token sums, or nothing when a model call did not report its usage (unknown is not zero). */
function tokenCounts(turns: Turn[]): { inputTokens?: number; outputTokens?: number } {
  if (!turns.every((turn) => turn.usage.inputTokens !== undefined && turn.usage.outputTokens !== undefined)) return {};
  return {
    inputTokens: turns.reduce((n, turn) => n + (turn.usage.inputTokens ?? 0), 0),
    outputTokens: turns.reduce((n, turn) => n + (turn.usage.outputTokens ?? 0), 0),
  };
}
