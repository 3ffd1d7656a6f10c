/**
 * A conformance check is data plus one function. Probes talk to the server; audits run after the
 * probes and judge everything the server sent during the run. Adding a check means adding one
 * definition to its area's list; nothing else changes.
 */

import type { Evidence, Level } from '../report/model.js';
import type { CheckContext } from './context.js';

export type Phase = 'probe' | 'audit';

export interface CheckDefinition {
  id: string;
  title: string;
  area: string;
  level: Level;
  /** Spec page relative to the revision root, with an optional #anchor. */
  spec: string;
  phase?: Phase;
  /** How to fix a violation, where one answer fits every server (docs/reference/checks.md lists it). */
  fix?: string;
  /** Transports the rule applies to; all when omitted. */
  transports?: ReadonlyArray<'http' | 'stdio'>;
  /**
   * Runs even when the server refused mcpgate's first request for want of credentials: the `auth.*`
   * checks judge that refusal and the discovery behind it, and get their own tokens.
   */
  withoutSession?: boolean;
  run(ctx: CheckContext): Promise<CheckOutcome>;
  /**
   * Starts slow shared work (calls the check's run will wait for) as soon as the run has read the
   * server's lists, instead of when a worker reaches this check: such work would otherwise end the run.
   */
  prepare?(ctx: CheckContext): Promise<unknown>;
}

/**
 * `violated` means the rule was broken: it fails for MUST, and warns for SHOULD unless --strict.
 * `warn` is for what the spec leaves unclear or tolerates (never a failure, even under --strict).
 */
export type OutcomeStatus = 'pass' | 'violated' | 'warn' | 'skip' | 'error';

export interface CheckOutcome {
  status: OutcomeStatus;
  message: string;
  fix?: string;
  evidence: Evidence[];
  /** The mcpgate limit that left the check inconclusive (see limits.ts). */
  limit?: string;
}

export function pass(message: string, evidence: Evidence[] = []): CheckOutcome {
  return { status: 'pass', message, evidence };
}

export function violated(message: string, evidence: Evidence[] = [], fix?: string): CheckOutcome {
  return { status: 'violated', message, evidence, fix };
}

export function warn(message: string, evidence: Evidence[] = [], fix?: string): CheckOutcome {
  return { status: 'warn', message, evidence, fix };
}

export function skip(reason: string): CheckOutcome {
  return { status: 'skip', message: reason, evidence: [] };
}

export function defineChecks(area: string, checks: Array<Omit<CheckDefinition, 'area'>>): CheckDefinition[] {
  return checks.map((check) => ({ ...check, area }));
}
