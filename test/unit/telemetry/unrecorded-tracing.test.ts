/**
 * A run with no OTLP endpoint records no spans, yet every MCP request still carries a W3C traceparent:
 * sampled, in the trace of the sample that made it, with a span id of its own.
 */

import { describe, expect, it } from 'vitest';
import { createTracing } from '../../../src/telemetry/tracing.js';
import type { ObservedRequest } from '../../../src/wire/observer.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

function toolCall(parent?: unknown): ObservedRequest {
  return { method: 'tools/call', params: { name: 'get_weather' }, id: 1, transport: 'http', endpoint: 'http://127.0.0.1:1/mcp', parent };
}

function traceparent(meta: Record<string, string>): { traceId: string; spanId: string } {
  const match = TRACEPARENT.exec(meta.traceparent ?? '');
  expect(match, `traceparent ${meta.traceparent}`).not.toBeNull();
  return { traceId: match![1]!, spanId: match![2]! };
}

describe('tracing without an OTLP endpoint', () => {
  it('exports nothing, and still sends each request in its sample trace with a span id of its own', async () => {
    const tracing = await createTracing({});
    expect(tracing.exporting).toBe(false);
    const [first, second] = [tracing.startSample('a', 'm', 0), tracing.startSample('b', 'm', 0)];
    const tool = tracing.startTool(first.context, 'get_weather', 'call_1');
    const calls = [toolCall(tool.context), toolCall(tool.context), toolCall(second.context)].map((r) =>
      traceparent(tracing.onRequest(r).meta),
    );
    const sampleTrace = first.span.spanContext().traceId;
    expect(calls[0]!.traceId).toBe(sampleTrace);
    expect(calls[1]!.traceId).toBe(sampleTrace);
    expect(calls[2]!.traceId).toBe(second.span.spanContext().traceId);
    expect(calls[2]!.traceId).not.toBe(sampleTrace);
    const spanIds = new Set([...calls.map((c) => c.spanId), tool.span.spanContext().spanId, first.span.spanContext().spanId]);
    expect(spanIds.size).toBe(5);
    // A request outside any sample starts a trace of its own.
    expect(traceparent(tracing.onRequest(toolCall()).meta).traceId).not.toBe(sampleTrace);
    await tracing.shutdown();
  });
});
