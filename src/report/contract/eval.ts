/** Layer 1: behaviour evals (`eval` key of the report). Documented in docs/report-schema.md. */

import { z } from 'zod';
import { StatusSchema } from './common.js';
import { ConfusionTableSchema } from './confusion.js';
import { EvalInputRoundSchema, EvalInputScoreSchema } from './eval-input.js';
import { ModelTelemetrySchema } from './telemetry.js';
import { ParaphraseRobustnessSchema } from './paraphrases.js';
import { count, fraction, milliseconds, rate } from './values.js';

export const ArgIssueKindSchema = z.enum(['missing', 'unexpected', 'wrong_value', 'wrong_type']);
export type ArgIssueKind = z.output<typeof ArgIssueKindSchema>;

export const EvalArgIssueSchema = z.object({
  argument: z.string(),
  kind: ArgIssueKindSchema,
  /** The match mode of the expectation; absent for `unexpected` (nothing was expected). */
  mode: z.string().optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
});
export type EvalArgIssue = z.output<typeof EvalArgIssueSchema>;

export const EvalToolCallSchema = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** Excerpt of what the server returned (or the refusal mcpgate sent instead of calling). */
  result: z.string(),
  isError: z.boolean(),
  refused: z.boolean().optional(),
  serverMs: milliseconds,
  /** MRTR rounds the call went through before its result, in order. */
  rounds: z.array(EvalInputRoundSchema).optional(),
});
export type EvalToolCall = z.output<typeof EvalToolCallSchema>;

/** pass / fail; `error` when the sample (or every sample of a case) could not run. */
const SampleStatusSchema = StatusSchema.extract(['pass', 'fail', 'error']);

export const EvalSampleSchema = z.object({
  index: count,
  status: SampleStatusSchema,
  selection: z.enum(['correct', 'wrong', 'none', 'not_applicable']),
  overActivated: z.boolean(),
  args: z.object({ ok: z.boolean(), issues: z.array(EvalArgIssueSchema) }).optional(),
  sequence: z.object({ ok: z.boolean(), missing: z.array(z.string()), extra: z.array(z.string()), outOfOrder: z.boolean() }).optional(),
  forbidden: z.array(z.string()),
  input: EvalInputScoreSchema.optional(),
  /** Task completion by the judge; `not_measured` without a judge or when the judge failed. */
  completion: z.object({ status: StatusSchema.extract(['pass', 'fail', 'not_measured']), reason: z.string().optional() }),
  reasons: z.array(z.string()),
  calls: z.array(EvalToolCallSchema),
  finalText: z.string(),
  ended: z.enum(['answered', 'max-steps', 'error']),
  error: z.string().optional(),
  modelMs: milliseconds,
  serverMs: milliseconds,
  /** Model time of each model call of this run, in order. */
  stepMs: z.array(milliseconds),
  /** Token counts; absent when the provider did not report them for every call. */
  inputTokens: count.optional(),
  outputTokens: count.optional(),
  modelCalls: count,
  cacheHits: count,
  /**
   * The model calls that answered the server's sampling requests (MRTR), by the model under test or
   * the --sampling-model: already counted in the tokens, modelCalls and cacheHits above (and so in the
   * case's, the model's and the run's figures); priced at `model`'s price. Absent when none was answered.
   */
  sampling: z
    .object({ model: z.string(), modelCalls: count, cacheHits: count, inputTokens: count.optional(), outputTokens: count.optional() })
    .optional(),
  /** Tool results and the final answer were dropped once the sample was scored (`--trajectories`). */
  summarised: z.literal(true).optional(),
});
export type EvalSample = z.output<typeof EvalSampleSchema>;

/** How strictly a case is scored: a hard case needs every run to pass, a soft one its floor. */
export const CaseKindSchema = z.enum(['hard', 'soft']);
export type CaseKind = z.output<typeof CaseKindSchema>;

export const EvalCaseResultSchema = z.object({
  id: z.string(),
  model: z.string(),
  kind: CaseKindSchema,
  tags: z.array(z.string()),
  source: z.string(),
  /**
   * sha256 of the case as scored (prompt turns, expectations, forbidden tools, rubric, kind, runs,
   * min_passes, input answers and expectation; not its id, tags or line): the gate compares a case
   * with its baseline only when id and this agree. Absent in reports written before it existed.
   */
  caseSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  runs: count,
  passes: count,
  errors: count,
  passRate: fraction,
  /** Passes needed out of `runs`: N of N for hard cases, the soft floor otherwise (configurable). */
  required: count,
  /** Unbiased pass^k for k = 1..runs: the chance that k fresh samples all pass. */
  passHatK: z.array(fraction),
  status: SampleStatusSchema,
  /** Passed some samples but not all: labelled apart from a stable failure. */
  flaky: z.boolean(),
  message: z.string(),
  /** One entry per independent run: the scored trajectory (calls, results, answer, timings, tokens). */
  trajectories: z.array(EvalSampleSchema),
});
export type EvalCaseResult = z.output<typeof EvalCaseResultSchema>;

export const EvalSummarySchema = z.object({
  cases: count,
  passed: count,
  failed: count,
  errored: count,
  flaky: count,
  /** Correct first tool over positive samples. */
  selectionAccuracy: rate,
  /** Negative samples where any tool was called, over negative samples. */
  overActivationRate: rate,
  /** Samples with every expected argument right, over correctly selected samples with expectations. */
  argumentAccuracy: rate,
  /** Samples whose calls matched the expected sequence, over sequence samples. */
  sequenceAccuracy: rate,
  /** Judge passes over judged samples; null when nothing was judged (not measured). */
  completionRate: rate,
  /** Mean over cases of pass^k at k = runs. */
  passHatK: rate,
  providerCalls: count,
  cacheHits: count,
  inputTokens: count,
  outputTokens: count,
});
export type EvalSummary = z.output<typeof EvalSummarySchema>;

const MatrixCellSchema = z.object({ passes: count, runs: count, status: SampleStatusSchema, flaky: z.boolean() });

export const EvalReportSchema = z.object({
  /** `sha256` of the golden file's bytes: history and caches key on it. */
  golden: z.object({ file: z.string(), sha256: z.string(), cases: count }),
  models: z.array(z.object({ id: z.string(), kind: z.enum(['llm', 'lexical-baseline']) })),
  /** The pinned judge model, or null: task completion is then not measured. */
  judge: z.object({ id: z.string() }).nullable(),
  settings: z.object({
    runs: count,
    maxSteps: count,
    temperature: z.number(),
    softMinPasses: count,
    cache: z.string(),
    concurrency: count,
  }),
  cases: z.array(EvalCaseResultSchema),
  summary: EvalSummarySchema,
  perModel: z.record(z.string(), EvalSummarySchema),
  /** Latency, tokens and cost per model (layer 3). */
  telemetry: z.record(z.string(), ModelTelemetrySchema),
  /** Case x model: passes of runs per cell. */
  matrix: z.object({
    models: z.array(z.string()),
    rows: z.array(z.object({ id: z.string(), cells: z.record(z.string(), MatrixCellSchema) })),
  }),
  /** Per model: expected x chosen first tool, with the cases behind each cell. Absent in reports of mcpgate before it. */
  confusions: z.record(z.string(), ConfusionTableSchema).optional(),
  /** Present with `--paraphrases N`: how the picks held on rewordings of the cases (not gated). */
  paraphrases: ParaphraseRobustnessSchema.optional(),
  /** Present when the run covered one shard of the golden set (`--shard i/n`); `mcpgate merge` joins them. */
  shard: z.object({ index: count, count }).optional(),
});
export type EvalReport = z.output<typeof EvalReportSchema>;
