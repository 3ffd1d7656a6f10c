/** What every sample of a fault or injection run needs: the proxy, the session through it, the agent settings. */

import { runAgent, type AgentMrtr } from '../../behavior/agent.js';
import type { GoldenCase, Trajectory } from '../../behavior/types.js';
import type { ModelClient } from '../../models/types.js';
import type { ServerTool } from '../../spec/tool.js';
import type { McpSession } from '../../wire/session.js';
import type { FaultProxy } from '../proxy/server.js';
import { cutAfter } from '../../shared/cut.js';

export interface SampleContext {
  proxy: FaultProxy;
  /** The agent's session, opened to the proxy. */
  session: McpSession;
  tools: ServerTool[];
  allowTools: ReadonlySet<string>;
  judge?: ModelClient;
  maxSteps: number;
  temperature: number;
  /** Limits, the run's sampling budget and declared roots; the sampler is the model under test, as runAgent defaults it. */
  mrtr: Omit<AgentMrtr, 'sampler'>;
}

/** The layer 1 agent runs cases; a scenario is one with no tool expectation of its own. */
export function agentCase(id: string, turns: string[], source: string, rubric?: string): GoldenCase {
  return {
    id,
    turns,
    expect: { kind: 'none' },
    expectArgs: {},
    forbidTools: [],
    kind: 'soft',
    tags: [],
    source,
    ...(rubric ? { rubric } : {}),
  };
}

/**
 * The layer 1 agent through a scenario's turns with the run's settings, on `session`: the proxy's
 * own, or a wrapper around it that records the calls.
 */
export function runScenarioAgent(
  ctx: SampleContext,
  scenario: { id: string; turns: string[]; source: string },
  model: ModelClient,
  index: number,
  session: McpSession = ctx.session,
): Promise<Trajectory> {
  return runAgent(agentCase(scenario.id, scenario.turns, scenario.source), {
    model,
    session,
    tools: ctx.tools,
    allowTools: ctx.allowTools,
    maxSteps: ctx.maxSteps,
    sampleIndex: index,
    temperature: ctx.temperature,
    mrtr: ctx.mrtr,
  });
}

/** Answers and results are excerpted in the report; the full text stays with the run. */
export function excerpt(text: string, max = 600): string {
  return cutAfter(text, max);
}
