/** What `mcpgate gate --json` writes: one finding per item compared, and a verdict with its exit code. */

import { z } from 'zod';
import { SuiteStateSchema } from './common.js';
import { ServerFingerprintSchema, ToolSurfaceSchema } from './target.js';
import { count, fraction } from './values.js';

export const GateVerdictSchema = z.enum(['pass', 'fail', 'inconclusive']);
export type GateVerdict = z.output<typeof GateVerdictSchema>;

/**
 * How a case's drop is explained: `model-drift` when the server (tools, name, version) is the same
 * as in the baseline, `regression` when it changed, `unattributed` when a fingerprint is missing.
 */
export const DriftLabelSchema = z.enum(['model-drift', 'regression', 'unattributed']);
export type DriftLabel = z.output<typeof DriftLabelSchema>;

export const ProportionSchema = z.object({
  /** Successes (passes, correct selections, ...). */
  k: count,
  /** Measured samples. */
  n: count,
});
export type Proportion = z.output<typeof ProportionSchema>;

/** Bounds of a rate, or of a difference of two rates (which may be negative). */
export const IntervalSchema = z.object({ low: z.number(), high: z.number() });
export type Interval = z.output<typeof IntervalSchema>;

export const MeasuredRateSchema = z.object({
  ...ProportionSchema.shape,
  rate: fraction,
  /** Wilson interval at the gate's confidence. */
  interval: IntervalSchema,
});
export type MeasuredRate = z.output<typeof MeasuredRateSchema>;

export const GateFindingSchema = z.object({
  /** Stable item key, e.g. `check:discover.responds`, `case:weather-paris@baseline`, `metric:selectionAccuracy@baseline`. */
  item: z.string(),
  kind: z.enum(['check', 'case', 'metric', 'comparability', 'baseline']),
  /** `hard` must hold on every run; `soft` may not drop beyond max-drop; `comparable` is about the baseline itself. */
  rule: z.enum(['hard', 'soft', 'comparable']),
  verdict: GateVerdictSchema,
  /** One line: what was expected and what was seen. */
  reason: z.string(),
  baseline: MeasuredRateSchema.optional(),
  current: MeasuredRateSchema.optional(),
  /** Interval of the drop (baseline - current; current - baseline for rates that must not rise). */
  drop: IntervalSchema.optional(),
  drift: DriftLabelSchema.optional(),
});
export type GateFinding = z.output<typeof GateFindingSchema>;

export const DriftItemSchema = z.object({
  id: z.string(),
  model: z.string(),
  baseline: ProportionSchema,
  current: ProportionSchema,
  label: DriftLabelSchema,
});
export type DriftItem = z.output<typeof DriftItemSchema>;

/**
 * A case x model pair the gate did not compare because the case set or the models changed: `new` (only
 * in this run: no baseline yet), `removed` (only in the baseline), `changed` (same id, edited
 * definition: its `caseSha256` differs). Never a failure and never inconclusive by itself; a hard case
 * still fails on its own result whatever its pair says.
 */
export const GateCaseChangeSchema = z.object({
  id: z.string(),
  model: z.string(),
  change: z.enum(['new', 'removed', 'changed']),
  /** One line, e.g. `new: no baseline yet (the model is not in the baseline)`, `changed: not compared (...)`. */
  reason: z.string(),
});
export type GateCaseChange = z.output<typeof GateCaseChangeSchema>;

/** A recorded run made the baseline on purpose with `mcpgate baseline accept`. */
export const AcceptedBaselineSchema = z.object({
  /** When it was accepted (ISO 8601). */
  acceptedAt: z.string(),
  /** Why, as given with `--reason` (default `accepted by hand`). */
  reason: z.string(),
});
export type AcceptedBaseline = z.output<typeof AcceptedBaselineSchema>;

export const GateOptionsSchema = z.object({
  /** Largest tolerated drop of a soft score, as a fraction (0.02 = two points). */
  maxDrop: fraction,
  /** Fewer measured samples than this on either side makes a soft comparison inconclusive. */
  minSamples: count,
  /** Two-sided confidence of the Wilson intervals. */
  confidence: fraction,
});
export type GateOptions = z.output<typeof GateOptionsSchema>;

export const GateResultSchema = z.object({
  verdict: GateVerdictSchema,
  exitCode: z.literal([0, 1, 5]),
  /** One line explaining the verdict. */
  reason: z.string(),
  options: GateOptionsSchema,
  /** What the current report was compared with, or why there was nothing to compare with. */
  baseline: z.union([
    z.object({
      startedAt: z.string(),
      source: z.string().optional(),
      /** With `--baseline auto`: the history entry taken, and the exit code it was recorded with. */
      runId: z.string().optional(),
      exitCode: count.optional(),
      /** Present when `auto` took a run accepted with `mcpgate baseline accept`; absent for the last green run or a file. */
      accepted: AcceptedBaselineSchema.optional(),
      /** The commit the baseline run was made from (its report's `commit`), when it was known. */
      commit: z.string().optional(),
      /** The baseline run's server fingerprint and tool surface (its `target`), so a report can show what changed since. */
      fingerprint: ServerFingerprintSchema.optional(),
      tools: z.array(ToolSurfaceSchema).optional(),
    }),
    z.object({ unavailable: z.string() }),
  ]),
  findings: z.array(GateFindingSchema),
  /** Cases whose pass rate dropped at all (significant or not), labelled. */
  drift: z.array(DriftItemSchema),
  /**
   * The case x model pairs not compared because the golden set or the models changed since the baseline
   * (new, removed, changed), in the order of this run and then the baseline's. Present when both runs had
   * eval results to match (empty when nothing changed); absent otherwise and in results of earlier mcpgate.
   */
  caseChanges: z.array(GateCaseChangeSchema).optional(),
  /**
   * With `--baseline auto`, when this run is not being recorded (`history.record: false`, or `gate`
   * without `--record` for a run not in the history): the one line saying so, because such a run can
   * never become the baseline.
   */
  notRecorded: z.string().optional(),
  /** What did not pass in the current report, whatever the gate decided (a pass may leave cases below their floor). */
  suite: SuiteStateSchema.optional(),
});
export type GateResult = z.output<typeof GateResultSchema>;
