/** What a gate decides: one finding per item compared, and a verdict with its exit code. */

import type { Interval, Proportion } from './wilson.js';

export interface GateOptions {
  /** Largest tolerated drop of a soft score, as a fraction (0.02 = two points). */
  maxDrop: number;
  /** Fewer measured samples than this on either side makes a soft comparison inconclusive. */
  minSamples: number;
  /** Two-sided confidence of the Wilson intervals. */
  confidence: number;
}

export const DEFAULT_GATE_OPTIONS: GateOptions = { maxDrop: 0.02, minSamples: 5, confidence: 0.95 };

export type GateVerdict = 'pass' | 'fail' | 'inconclusive';

/**
 * How a case's drop is explained: `model-drift` when the server (tools, name, version) is the same
 * as in the baseline, `regression` when it changed, `unattributed` when a fingerprint is missing.
 */
export type DriftLabel = 'model-drift' | 'regression' | 'unattributed';

export interface MeasuredRate extends Proportion {
  rate: number;
  /** Wilson interval at the gate's confidence. */
  interval: Interval;
}

export interface GateFinding {
  /** Stable item key, e.g. `check:discover.responds`, `case:weather-paris@baseline`, `metric:selectionAccuracy@baseline`. */
  item: string;
  kind: 'check' | 'case' | 'metric' | 'comparability' | 'baseline';
  /** `hard` must hold on every run; `soft` may not drop beyond max-drop; `comparable` is about the baseline itself. */
  rule: 'hard' | 'soft' | 'comparable';
  verdict: GateVerdict;
  /** One line: what was expected and what was seen. */
  reason: string;
  baseline?: MeasuredRate;
  current?: MeasuredRate;
  /** Interval of the drop (baseline - current; current - baseline for rates that must not rise). */
  drop?: Interval;
  drift?: DriftLabel;
}

export interface DriftItem {
  id: string;
  model: string;
  baseline: Proportion;
  current: Proportion;
  label: DriftLabel;
}

export interface GateResult {
  verdict: GateVerdict;
  exitCode: 0 | 1 | 5;
  /** One line explaining the verdict. */
  reason: string;
  options: GateOptions;
  /** What the current report was compared with, or why there was nothing to compare with. */
  baseline: { startedAt: string; source?: string } | { unavailable: string };
  findings: GateFinding[];
  /** Cases whose pass rate dropped at all (significant or not), labelled. */
  drift: DriftItem[];
}
