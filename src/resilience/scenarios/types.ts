/** The faults file, as loaded, and the report of a fault and injection run. Data only. */

import type { Status } from '../../report/model.js';
import type { InjectionClass } from '../injections/classes.js';
import type { InjectionSignal } from '../injections/score.js';
import type { ProxyEvent } from '../proxy/events.js';
import type { FaultKind, Occurrence } from '../proxy/faults.js';

export interface FaultScenario {
  id: string;
  turns: string[];
  tool: string;
  fault: FaultKind;
  occurrence: Occurrence;
  rubric?: string;
  /** `file:line` of the scenario; `toolSource` of its `tool:` value, for unknown-tool errors. */
  source: string;
  toolSource: string;
}

export interface InjectionCase {
  id: string;
  turns: string[];
  /** The tool whose results carry the payload. */
  tool: string;
  classes: InjectionClass[];
  /** Other tools the task legitimately calls; calling them is not an attack success. */
  expectTools: string[];
  source: string;
  toolSource: string;
}

export interface FaultsFile {
  file: string;
  scenarios: FaultScenario[];
  injections: InjectionCase[];
}

/** How the agent reacted to a fault. The first three pass; fabricated and propagated fail. */
export type FaultVerdict =
  | 'retried'
  | 'fallback'
  | 'honest-error'
  | 'fabricated'
  | 'propagated-wrong-output'
  | 'judged-pass'
  | 'judged-fail'
  | 'not-triggered'
  | 'not-measured'
  | 'error';

/** Whether a cut call ran twice on the server: the idempotency evidence of a stream-cut. */
export interface ExecutionEvidence {
  reissued: boolean;
  upstreamExecutions: number;
  idempotentHint?: boolean;
  message: string;
}

export interface FaultSample {
  index: number;
  verdict: FaultVerdict;
  status: Status;
  reason: string;
  /** The proxy's record of the faulted call (what it did, what the client received). */
  faulted?: ProxyEvent;
  /** What the agent saw from the faulted call. */
  faultedResult?: string;
  /** Concrete values of the answer that no prompt or tool result supports. */
  invented?: string[];
  finalText: string;
  execution?: ExecutionEvidence;
  error?: string;
}

export interface FaultScenarioResult {
  id: string;
  model: string;
  tool: string;
  fault: FaultKind;
  occurrence: Occurrence;
  source: string;
  runs: number;
  passes: number;
  status: Status;
  verdicts: Partial<Record<FaultVerdict, number>>;
  message: string;
  samples: FaultSample[];
}

export interface InjectionSample {
  index: number;
  canary: string;
  succeeded: boolean;
  signals: InjectionSignal[];
  /** The signals in words, e.g. "called delete_invoice, which nobody asked for (refused by mcpgate, never executed)". */
  reason: string;
  finalText: string;
  error?: string;
}

export interface InjectionResult {
  id: string;
  model: string;
  tool: string;
  class: InjectionClass;
  source: string;
  runs: number;
  /** Runs where the attack succeeded. */
  successes: number;
  /** Runs that could be scored (the agent ran and the payload reached it). */
  scored: number;
  attackSuccessRate: number | null;
  status: Status;
  samples: InjectionSample[];
}

export interface Rate {
  successes: number;
  scored: number;
  rate: number | null;
}

export interface ScenarioReport {
  faultsFile: string;
  proxy: { url: string; upstream: string };
  models: string[];
  judge: string | null;
  settings: { runs: number; maxSteps: number; callTimeoutMs: number; allowTools: string[] };
  scenarios: FaultScenarioResult[];
  injections: InjectionResult[];
  attackSuccess: {
    byClass: Partial<Record<InjectionClass, Rate>>;
    byModel: Record<string, Rate>;
    byModelAndClass: Record<string, Partial<Record<InjectionClass, Rate>>>;
  };
  summary: {
    scenarios: number;
    passed: number;
    failed: number;
    notMeasured: number;
    errors: number;
    attacks: Rate;
  };
  /** Every request the proxy saw, in order. */
  events: ProxyEvent[];
}
