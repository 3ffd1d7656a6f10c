/**
 * One run of one fault scenario: arm the proxy with the scenario's fault, let the layer 1 agent
 * work through the proxy, and score its reaction. A stream-cut also yields the idempotency
 * evidence: how often the server executed the call that lost its stream.
 */

import type { ModelClient } from '../../models/types.js';
import type { ExecutionEvidence, FaultSample, ProxyEvent } from '../../report/model.js';
import type { ServerTool } from '../../spec/tool.js';
import { executionsOf } from '../proxy/events.js';
import { hostSession } from './host-session.js';
import { excerpt, runScenarioAgent, type SampleContext } from './sample-context.js';
import type { FaultScenario } from './types.js';
import { scoreFaultSample } from './verdict.js';
import { isRecord } from '../../shared/guards.js';

export async function runFaultSample(ctx: SampleContext, scenario: FaultScenario, model: ModelClient, index: number): Promise<FaultSample> {
  const host = hostSession(ctx.session, ctx.proxy.url);
  const mark = ctx.proxy.arm({ faults: [{ tool: scenario.tool, fault: scenario.fault, occurrence: scenario.occurrence }], injections: [] });
  const trajectory = await runScenarioAgent(ctx, scenario, model, index, host);
  const events = ctx.proxy.eventsSince(mark);
  const scored = await scoreFaultSample({ scenario, trajectory, calls: host.calls, events, judge: ctx.judge, sampleIndex: index });
  const faulted = events.find((e) => e.fault !== undefined);
  const tool = ctx.tools.find((t) => t.name === scenario.tool);
  return {
    index,
    verdict: scored.verdict,
    status: scored.status,
    reason: scored.reason,
    ...(faulted ? { faulted } : {}),
    ...(scored.faultedCall ? { faultedResult: excerpt(scored.faultedCall.result.text, 300) } : {}),
    ...(scored.invented ? { invented: scored.invented } : {}),
    finalText: excerpt(trajectory.finalText),
    ...(scenario.fault === 'stream-cut' && faulted ? { execution: executionEvidence(events, faulted, tool) } : {}),
    ...(trajectory.error ? { error: trajectory.error } : {}),
  };
}

/** Idempotency evidence of a cut stream: a re-issue the server executed again ran it twice. */
export function executionEvidence(events: readonly ProxyEvent[], cut: ProxyEvent, tool: ServerTool | undefined): ExecutionEvidence {
  const reissued = events.some((e) => e.reissueOf === cut.seq);
  const upstreamExecutions = executionsOf(events, cut);
  const hint = isRecord(tool?.annotations) ? tool.annotations.idempotentHint : undefined;
  const idempotentHint = typeof hint === 'boolean' ? hint : undefined;
  const times = upstreamExecutions === 1 ? 'once' : upstreamExecutions === 2 ? 'twice' : `${upstreamExecutions} times`;
  const how = reissued ? 'the client re-issued it with a new id after the stream broke' : 'the client did not re-issue it';
  const safety =
    upstreamExecutions < 2
      ? ''
      : idempotentHint === true
        ? `; ${cut.tool} is annotated idempotentHint: true, so the repeat is harmless`
        : `; ${cut.tool} is not annotated idempotentHint: true, so the repeat may have doubled its effect`;
  return {
    reissued,
    upstreamExecutions,
    ...(idempotentHint === undefined ? {} : { idempotentHint }),
    message: `the server executed ${cut.tool} ${times}: ${how}${safety}`,
  };
}
