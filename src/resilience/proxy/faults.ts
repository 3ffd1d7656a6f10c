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
export class OccurrenceCounter {
  private readonly perTool = new Map<string, number>();
  private all = 0;

  next(tool: string): { occurrence: number; overall: number } {
    const occurrence = (this.perTool.get(tool) ?? 0) + 1;
    this.perTool.set(tool, occurrence);
    return { occurrence, overall: ++this.all };
  }
}

function applies(rule: { tool: string; occurrence: Occurrence }, tool: string, seen: { occurrence: number; overall: number }): boolean {
  if (rule.tool !== '*' && rule.tool !== tool) return false;
  if (rule.occurrence === 'every') return true;
  return rule.occurrence === (rule.tool === '*' ? seen.overall : seen.occurrence);
}

export function faultFor(plan: ProxyPlan, tool: string, seen: { occurrence: number; overall: number }): FaultKind | undefined {
  return plan.faults.find((rule) => applies(rule, tool, seen))?.fault;
}

export function injectionFor(plan: ProxyPlan, tool: string, seen: { occurrence: number; overall: number }): InjectionRule | undefined {
  return plan.injections.find((rule) => applies(rule, tool, seen));
}
