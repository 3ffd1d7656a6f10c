/**
 * The W3C trace context of a span, as the `traceparent` (and `tracestate`) an MCP request carries in
 * its `_meta`: what OpenTelemetry's W3CTraceContextPropagator injects, written here so that a run
 * without an OTLP endpoint does not load @opentelemetry/core, whose index pulls in the semantic
 * conventions package (about 260 KB of code, compiled and run at every eval's start).
 * test/unit/telemetry/trace-context.test.ts holds it to the propagator's output.
 */

import { isSpanContextValid, TraceFlags, type Span } from '@opentelemetry/api';

const VERSION = '00';

/** `traceparent` `00-<trace id>-<span id>-<flags>`, and `tracestate` when the span has one; nothing for an invalid span context. */
export function traceContextOf(span: Pick<Span, 'spanContext'>): Record<string, string> {
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return {};
  const flags = Number(context.traceFlags || TraceFlags.NONE).toString(16);
  const carrier: Record<string, string> = { traceparent: `${VERSION}-${context.traceId}-${context.spanId}-0${flags}` };
  if (context.traceState) carrier['tracestate'] = context.traceState.serialize();
  return carrier;
}
