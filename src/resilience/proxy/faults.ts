/**
 * The plan that says which call of which tool gets which fault (the kinds are FaultKind, in the
 * report contract) or injected payload. Occurrences count per tool from 1 and restart whenever a new
 * plan is armed, so every sample of a scenario sees the same sequence.
 */

import type { FaultKind, Occurrence } from '../../report/model.js';

/** `*` matches any tool; its occurrences count all tools/call requests together. */
export interface FaultRule {
  tool: string;
  fault: FaultKind;
  occurrence: Occurrence;
}

export interface InjectionRule {
  tool: string;
  occurrence: Occurrence;
  /** The text planted into the real result. */
  payload: string;
  /** Labels copied into the proxy's events (class, canary id) so the report can tie them back. */
  label: string;
}

export interface ProxyPlan {
  faults: FaultRule[];
  injections: InjectionRule[];
}

export const EMPTY_PLAN: ProxyPlan = { faults: [], injections: [] };

/** Counts tools/call arrivals per tool and overall, and picks the rules that apply to one call. */
export interface Seen {
  occurrence: number;
  overall: number;
  /** Set for an MRTR retry (a call handing back a requestState): which retry of the tool, and overall. */
  retry?: { occurrence: number; overall: number };
}

export class OccurrenceCounter {
  private readonly perTool = new Map<string, number>();
  private all = 0;
  private readonly retriesPerTool = new Map<string, number>();
  private allRetries = 0;

  next(tool: string, retry = false): Seen {
    const occurrence = (this.perTool.get(tool) ?? 0) + 1;
    this.perTool.set(tool, occurrence);
    const seen: Seen = { occurrence, overall: ++this.all };
    if (retry) {
      const retryOccurrence = (this.retriesPerTool.get(tool) ?? 0) + 1;
      this.retriesPerTool.set(tool, retryOccurrence);
      seen.retry = { occurrence: retryOccurrence, overall: ++this.allRetries };
    }
    return seen;
  }
}

function applies(rule: { tool: string; occurrence: Occurrence }, tool: string, seen: { occurrence: number; overall: number }): boolean {
  if (rule.tool !== '*' && rule.tool !== tool) return false;
  if (rule.occurrence === 'every') return true;
  return rule.occurrence === (rule.tool === '*' ? seen.overall : seen.occurrence);
}

/** A fault that alters retries counts only retries: its occurrence 1 is the tool's first retry. */
export function faultFor(plan: ProxyPlan, tool: string, seen: Seen, altersRetries: (fault: FaultKind) => boolean): FaultKind | undefined {
  return plan.faults.find((rule) => {
    if (!altersRetries(rule.fault)) return applies(rule, tool, seen);
    return seen.retry !== undefined && applies(rule, tool, seen.retry);
  })?.fault;
}

export function injectionFor(plan: ProxyPlan, tool: string, seen: Seen): InjectionRule | undefined {
  return plan.injections.find((rule) => applies(rule, tool, seen));
}
