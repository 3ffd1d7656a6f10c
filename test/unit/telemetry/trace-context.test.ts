/**
 * mcpgate writes the W3C trace context of an MCP request itself (src/telemetry/trace-context.ts); it
 * must write exactly what OpenTelemetry's W3CTraceContextPropagator injects for the same span.
 */

import { createTraceState, ROOT_CONTEXT, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { describe, expect, it } from 'vitest';
import { traceContextOf } from '../../../src/telemetry/trace-context.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

const CONTEXTS: Array<[string, SpanContext]> = [
  ['sampled', { traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED }],
  ['not sampled', { traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.NONE }],
  [
    'with a trace state',
    { traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED, traceState: createTraceState('vendor=a1,other=b-2') },
  ],
  ['remote', { traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED, isRemote: true }],
  ['an invalid trace id', { traceId: '0'.repeat(32), spanId: SPAN, traceFlags: TraceFlags.SAMPLED }],
  ['an invalid span id', { traceId: TRACE, spanId: '0'.repeat(16), traceFlags: TraceFlags.SAMPLED }],
  ['a malformed trace id', { traceId: 'not-hex', spanId: SPAN, traceFlags: TraceFlags.SAMPLED }],
];

describe('the trace context of a request', () => {
  const propagator = new W3CTraceContextPropagator();

  it.each(CONTEXTS)('%s: the same headers as the OpenTelemetry propagator', (_, spanContext) => {
    const span = trace.wrapSpanContext(spanContext);
    const expected: Record<string, string> = {};
    propagator.inject(trace.setSpan(ROOT_CONTEXT, span), expected, { set: (carrier, key, value) => (carrier[key] = value) });
    expect(traceContextOf(span)).toEqual(expected);
  });

  it('writes traceparent and tracestate for a valid context, nothing for an invalid one', () => {
    expect(traceContextOf(trace.wrapSpanContext(CONTEXTS[2]![1]))).toEqual({
      traceparent: `00-${TRACE}-${SPAN}-01`,
      tracestate: 'vendor=a1,other=b-2',
    });
    expect(traceContextOf(trace.wrapSpanContext(CONTEXTS[4]![1]))).toEqual({});
  });
});
