/**
 * How much of the server layer 0 exercised, read back from what was sent: which listed tools were
 * called, resources read, templates read, prompts got, how many MRTR flows and progress calls were
 * found, and which of mcpgate's caps stopped it. A run that called 0 of 25 tools says so, with the
 * one line that widens it, instead of a wall of skips that reads like a pass.
 */

import type { Coverage } from '../report/model.js';
import { isRecord } from '../shared/guards.js';
import { callPlan } from './calls.js';
import { progressSubjectCount } from './checks/progress.js';
import { mrtrSubjectCount } from './checks/mrtr-flow.js';
import type { CheckContext } from './context.js';
import { matchTemplate } from './uri-template.js';

const MAX_NAMES = 5;

interface Sent {
  method: string;
  params: Record<string, unknown>;
}

function sentRequests(ctx: CheckContext): Sent[] {
  const out: Sent[] = [];
  for (const connection of ctx.connections)
    for (const exchange of connection.exchanges) {
      const body = exchange.sent.body;
      // Only the three methods counted here are parsed: a run sends thousands of other requests.
      if (!/"method":"(?:tools\/call|resources\/read|prompts\/get)"/.test(body)) continue;
      try {
        const message = JSON.parse(body) as { method?: unknown; params?: unknown };
        if (typeof message.method === 'string' && isRecord(message.params)) out.push({ method: message.method, params: message.params });
      } catch {
        // A deliberately broken body names nothing that could count as exercised.
      }
    }
  return out;
}

function stringsOf(items: ReadonlyArray<Record<string, unknown>>, key: string): string[] {
  return items.flatMap((item) => (typeof item[key] === 'string' ? [item[key] as string] : []));
}

export async function coverageOf(ctx: CheckContext): Promise<Coverage> {
  const sent = sentRequests(ctx);
  const touched = (method: string, key: string): Set<string> =>
    new Set(sent.filter((s) => s.method === method && typeof s.params[key] === 'string').map((s) => s.params[key] as string));
  const listed = async (capability: string, method: string) =>
    ctx.hasCapability(capability) ? await ctx.list(method) : { items: [], pages: [], capped: undefined };

  const tools = (await ctx.tools()).map((t) => t.name);
  const calledNames = touched('tools/call', 'name');
  const called = tools.filter((name) => calledNames.has(name));
  const plan = ctx.hasCapability('tools') ? await callPlan(ctx) : undefined;
  const left = (names: readonly string[]): string[] => names.filter((name) => !calledNames.has(name));
  const reasons = [
    ['destructive', left(plan?.destructive ?? [])],
    ['not-annotated', left(plan?.notAnnotated ?? [])],
    ['no-valid-arguments', left(plan?.noValidArguments ?? [])],
    ['cap', left(plan?.overCap ?? [])],
  ] as const;
  const notCalled = reasons
    .filter(([, names]) => names.length > 0)
    .map(([reason, names]) => ({ reason, count: names.length, names: names.slice(0, MAX_NAMES) }));

  const resources = await listed('resources', 'resources/list');
  const templates = await listed('resources', 'resources/templates/list');
  const prompts = await listed('prompts', 'prompts/list');
  const readUris = touched('resources/read', 'uri');
  const gotPrompts = touched('prompts/get', 'name');
  const templateStrings = stringsOf(templates.items, 'uriTemplate');
  const templatesRead = templateStrings.filter((template) => [...readUris].some((uri) => matchTemplate(template, uri) !== undefined));

  const capped = [resources, templates, prompts, ctx.hasCapability('tools') ? await ctx.list('tools/list') : undefined].flatMap((l) =>
    l?.capped ? [l.capped] : [],
  );
  if (plan && plan.overCap.length > 0)
    capped.push(`${plan.overCap.length} safe tool(s) past --max-calls ${plan.calls.length} were not called; raise it with --max-calls`);

  return {
    tools: { listed: tools.length, called: called.length, notCalled },
    resources: { listed: resources.items.length, read: stringsOf(resources.items, 'uri').filter((uri) => readUris.has(uri)).length },
    resourceTemplates: { listed: templateStrings.length, read: templatesRead.length },
    prompts: { listed: prompts.items.length, got: stringsOf(prompts.items, 'name').filter((name) => gotPrompts.has(name)).length },
    mrtrSubjects: (await mrtrSubjectCount(ctx)) ?? 0,
    progressSubjects: (await progressSubjectCount(ctx)) ?? 0,
    capped,
    ...widening(notCalled.map((n) => n.reason)),
  };
}

function widening(reasons: readonly string[]): { widen?: string } {
  const ways: string[] = [];
  if (reasons.some((r) => r === 'not-annotated' || r === 'no-valid-arguments' || r === 'destructive'))
    ways.push('name calls under check.calls in mcpgate.yaml, or pass --allow-tool NAME for a tool that is safe to call');
  if (reasons.includes('cap')) ways.push('raise --max-calls');
  return ways.length > 0 ? { widen: ways.join('; ') } : {};
}
