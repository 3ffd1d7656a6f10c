/**
 * How much of each scored sample the report keeps (`--trajectories`). A 1000-case eval makes 5000
 * samples; kept whole, their tool results and answers are most of the report and of the memory of the
 * run. Once a sample is scored, only a failing one needs them to be explained: by default a passing
 * sample keeps its verdict, tool names, arguments, timings and tokens, and drops the tool results and
 * the final answer (marked `summarised`).
 */

import type { EvalSample } from '../report/model.js';

export const TRAJECTORY_MODES = ['all', 'failing', 'none'] as const;
export type TrajectoryMode = (typeof TRAJECTORY_MODES)[number];
export const DEFAULT_TRAJECTORY_MODE: TrajectoryMode = 'failing';

function keepsWhole(sample: EvalSample, mode: TrajectoryMode): boolean {
  return mode === 'all' || (mode === 'failing' && sample.status !== 'pass');
}

/** The sample as the report keeps it under `mode`. */
export function keptSample(sample: EvalSample, mode: TrajectoryMode): EvalSample {
  if (keepsWhole(sample, mode)) return sample;
  return { ...sample, calls: sample.calls.map((call) => ({ ...call, result: '' })), finalText: '', summarised: true };
}
