/**
 * What a gate decides: one finding per item compared, and a verdict with its exit code. The shapes
 * are in the report contract, since GateResult is what `mcpgate gate --json` writes.
 */

import type { GateOptions } from '../report/model.js';

export type {
  DriftItem,
  DriftLabel,
  GateFinding,
  GateOptions,
  GateResult,
  GateVerdict,
  Interval,
  MeasuredRate,
  Proportion,
} from '../report/model.js';

export const DEFAULT_GATE_OPTIONS: GateOptions = { maxDrop: 0.02, minSamples: 5, confidence: 0.95 };
