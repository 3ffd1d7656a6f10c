/**
 * What a gate decides: one finding per item compared, and a verdict with its exit code. The shapes
 * are in the report contract, since GateResult is what `mcpgate gate --json` writes.
 */

import type { GateOptions, GateResult } from '../report/model.js';

export type {
  AcceptedBaseline,
  DriftItem,
  DriftLabel,
  GateCaseChange,
  GateFinding,
  GateOptions,
  GateResult,
  GateVerdict,
  Interval,
  MeasuredRate,
  Proportion,
} from '../report/model.js';

export const DEFAULT_GATE_OPTIONS: GateOptions = { maxDrop: 0.02, minSamples: 5, confidence: 0.95 };

/** Which baseline a gate compared with, besides its start time: the file, and the history entry when `auto` chose it. */
export type BaselineTaken = Omit<Extract<GateResult['baseline'], { startedAt: string }>, 'startedAt'>;
