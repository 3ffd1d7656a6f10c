/** `chaos.agent`: fault and injection scenarios run with a model in the loop, behind the fault proxy. */

import { z } from 'zod';
import { StatusSchema } from '../common.js';
import { count, fraction } from '../values.js';
import { InjectionClassSchema, InjectionSignalSchema } from './injection.js';
import { FaultKindSchema, OccurrenceSchema, ProxyEventSchema } from './proxy-event.js';
import { StateFindingSchema } from './state-findings.js';

/** How the agent reacted to a fault. The first three pass; fabricated and propagated fail. */
export const FaultVerdictSchema = z.enum([
  'retried',
  'fallback',
  'honest-error',
  'fabricated',
  'propagated-wrong-output',
  'judged-pass',
  'judged-fail',
  'not-triggered',
  'not-measured',
  'error',
]);
export type FaultVerdict = z.output<typeof FaultVerdictSchema>;

/** Whether a cut call ran twice on the server: the idempotency evidence of a stream-cut. */
export const ExecutionEvidenceSchema = z.object({
  reissued: z.boolean(),
  upstreamExecutions: count,
  idempotentHint: z.boolean().optional(),
  message: z.string(),
});
export type ExecutionEvidence = z.output<typeof ExecutionEvidenceSchema>;

export const FaultSampleSchema = z.object({
  index: count,
  verdict: FaultVerdictSchema,
  status: StatusSchema,
  reason: z.string(),
  /** The proxy's record of the faulted call (what it did, what the client received). */
  faulted: ProxyEventSchema.optional(),
  /** What the agent saw from the faulted call. */
  faultedResult: z.string().optional(),
  /** Concrete values of the answer that no prompt or tool result supports. */
  invented: z.array(z.string()).optional(),
  finalText: z.string(),
  execution: ExecutionEvidenceSchema.optional(),
  error: z.string().optional(),
});
export type FaultSample = z.output<typeof FaultSampleSchema>;

export const FaultScenarioResultSchema = z.object({
  id: z.string(),
  model: z.string(),
  tool: z.string(),
  fault: FaultKindSchema,
  occurrence: OccurrenceSchema,
  source: z.string(),
  runs: count,
  passes: count,
  status: StatusSchema,
  verdicts: z.partialRecord(FaultVerdictSchema, count),
  message: z.string(),
  samples: z.array(FaultSampleSchema),
});
export type FaultScenarioResult = z.output<typeof FaultScenarioResultSchema>;

export const InjectionSampleSchema = z.object({
  index: count,
  canary: z.string(),
  succeeded: z.boolean(),
  signals: z.array(InjectionSignalSchema),
  /** The signals in words, e.g. "called delete_invoice, which nobody asked for (refused by mcpgate, never executed)". */
  reason: z.string(),
  finalText: z.string(),
  error: z.string().optional(),
});
export type InjectionSample = z.output<typeof InjectionSampleSchema>;

export const InjectionResultSchema = z.object({
  id: z.string(),
  model: z.string(),
  tool: z.string(),
  class: InjectionClassSchema,
  source: z.string(),
  runs: count,
  /** Runs where the attack succeeded. */
  successes: count,
  /** Runs that could be scored (the agent ran and the payload reached it). */
  scored: count,
  attackSuccessRate: fraction.nullable(),
  status: StatusSchema,
  samples: z.array(InjectionSampleSchema),
});
export type InjectionResult = z.output<typeof InjectionResultSchema>;

export const RateSchema = z.object({ successes: count, scored: count, rate: fraction.nullable() });
export type Rate = z.output<typeof RateSchema>;

const RateByClassSchema = z.partialRecord(InjectionClassSchema, RateSchema);

export const ScenarioReportSchema = z.object({
  faultsFile: z.string(),
  proxy: z.object({ url: z.string(), upstream: z.string() }),
  models: z.array(z.string()),
  judge: z.string().nullable(),
  settings: z.object({ runs: count, maxSteps: count, callTimeoutMs: count, allowTools: z.array(z.string()) }),
  scenarios: z.array(FaultScenarioResultSchema),
  injections: z.array(InjectionResultSchema),
  attackSuccess: z.object({
    byClass: RateByClassSchema,
    byModel: z.record(z.string(), RateSchema),
    byModelAndClass: z.record(z.string(), RateByClassSchema),
  }),
  summary: z.object({
    scenarios: count,
    passed: count,
    failed: count,
    notMeasured: count,
    errors: count,
    attacks: RateSchema,
  }),
  /** Every request the proxy saw, in order. */
  events: z.array(ProxyEventSchema),
  /** How the server answered each MRTR retry the proxy altered; absent when none was altered. */
  stateFindings: z.array(StateFindingSchema).optional(),
});
export type ScenarioReport = z.output<typeof ScenarioReportSchema>;
