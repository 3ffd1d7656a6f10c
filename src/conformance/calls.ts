/**
 * The tool calls layer 0 makes on its own: the calls named in config (check.calls) first, then each
 * tool the safety rule allows (read-only, or --allow-tool) with arguments that satisfy its input
 * schema, in listing order, up to --max-calls. Planned once per run and shared by every check that
 * calls tools, so the coverage line can say which tools were left out and why.
 */

import type { ListedTool } from '../spec/tool.js';
import { toolSafety } from '../spec/tool-safety.js';
import { isRecord } from '../shared/guards.js';
import { validArguments } from './checks/tool-calls.js';
import type { CheckContext } from './context.js';
import { oncePerRun } from './per-run.js';

export interface ToolCall {
  tool: ListedTool;
  args: Record<string, unknown>;
}

export interface CallPlan {
  calls: ToolCall[];
  /** Listed tools the plan leaves out, by why (names in listing order). */
  destructive: string[];
  notAnnotated: string[];
  noValidArguments: string[];
  /** Safe tools past --max-calls. */
  overCap: string[];
}

export const callPlan = oncePerRun(planCalls);

export async function safeCalls(ctx: CheckContext): Promise<ToolCall[]> {
  return (await callPlan(ctx)).calls;
}

async function planCalls(ctx: CheckContext): Promise<CallPlan> {
  const plan: CallPlan = { calls: await ctx.namedCalls(), destructive: [], notAnnotated: [], noValidArguments: [], overCap: [] };
  const cap = Math.max(ctx.maxCalls, plan.calls.length);
  for (const tool of await ctx.tools()) {
    const safety = toolSafety(tool, ctx.options.allowTools);
    if (!safety.callable) {
      const destructive = isRecord(tool.annotations) && tool.annotations.destructiveHint === true;
      (destructive ? plan.destructive : plan.notAnnotated).push(tool.name);
      continue;
    }
    // Past the cap a tool's schema is not even compiled: a server may list thousands of them.
    if (plan.calls.length >= cap) {
      plan.overCap.push(tool.name);
      continue;
    }
    const args = validArguments(tool);
    if (args) plan.calls.push({ tool, args });
    else plan.noValidArguments.push(tool.name);
  }
  return plan;
}

/** Says how many safe tools were left out at --max-calls, for the messages of checks that call tools. */
export function capNote(plan: CallPlan): string {
  return plan.overCap.length > 0
    ? `; ${plan.overCap.length} more safe tool(s) were not called (mcpgate's cap --max-calls ${plan.calls.length})`
    : '';
}
