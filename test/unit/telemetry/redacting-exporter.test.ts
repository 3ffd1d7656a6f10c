/**
 * The redaction step in front of every span exporter, field by field: a span carrying a registered
 * secret in each place OTLP exports (name, attribute keys and values, array values, events, links and
 * their trace state, status message, instrumentation scope, resource) reaches the exporter masked.
 * The end-to-end proof over the wire, against a hostile server, is test/e2e/hostile/otlp.test.ts.
 */

import { createTraceState, ROOT_CONTEXT, SpanStatusCode, TraceFlags } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { registerSecret } from '../../../src/shared/redact.js';
import { RedactingExporter } from '../../../src/telemetry/redacting-exporter.js';

const SECRET = 'span-secret/9f3a7c2e41';
const LATE = 'late-secret-5b8d0e6f';

describe('RedactingExporter', () => {
  it('masks every field of a span that can carry text, with secrets registered up to the export', async () => {
    registerSecret(SECRET);
    const inner = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': `svc-${SECRET}`, [`host.${SECRET}`]: 'x' }),
      spanProcessors: [new SimpleSpanProcessor(new RedactingExporter(inner))],
    });
    const tracer = provider.getTracer(`scope-${SECRET}`, `1.0-${SECRET}`);
    const linked = {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
      traceState: createTraceState(`vendor=${SECRET.replace('/', '_')}`),
    };
    registerSecret(SECRET.replace('/', '_'));
    const span = tracer.startSpan(
      `tools/call lookup_${SECRET}`,
      {
        attributes: { 'gen_ai.tool.name': `lookup_${SECRET}`, [`key.${SECRET}`]: 1, list: ['a', `b ${SECRET}`], late: LATE },
        links: [{ context: linked, attributes: { why: `linked by ${SECRET}` } }],
      },
      ROOT_CONTEXT,
    );
    span.addEvent(`event ${SECRET}`, { detail: `with \\u0073${SECRET.slice(1).replace('/', '\\/')}` });
    span.setStatus({ code: SpanStatusCode.ERROR, message: `failed: ${SECRET}` });
    // Registered after the span started and before it is exported: masked too.
    registerSecret(LATE);
    span.end();
    await provider.forceFlush();

    const [exported] = inner.getFinishedSpans();
    expect(exported).toBeDefined();
    const everything = JSON.stringify({
      name: exported!.name,
      attributes: exported!.attributes,
      events: exported!.events,
      links: exported!.links.map((l) => ({ attributes: l.attributes, state: l.context.traceState?.serialize() })),
      status: exported!.status,
      scope: exported!.instrumentationScope,
      resource: exported!.resource.attributes,
    });
    for (const secret of [SECRET, SECRET.replace('/', '_'), LATE, SECRET.replace('/', '\\\\/')]) expect(everything).not.toContain(secret);
    expect(exported!.name).toBe('tools/call lookup_[REDACTED]');
    expect(exported!.attributes).toEqual({
      'gen_ai.tool.name': 'lookup_[REDACTED]',
      'key.[REDACTED]': 1,
      list: ['a', 'b [REDACTED]'],
      late: '[REDACTED]',
    });
    expect(exported!.events.map((e) => [e.name, e.attributes])).toEqual([['event [REDACTED]', { detail: 'with [REDACTED]' }]]);
    expect(exported!.links[0]!.attributes).toEqual({ why: 'linked by [REDACTED]' });
    expect(exported!.links[0]!.context.traceState?.serialize()).toBe('vendor=[REDACTED]');
    expect(exported!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'failed: [REDACTED]' });
    expect(exported!.instrumentationScope).toMatchObject({ name: 'scope-[REDACTED]', version: '1.0-[REDACTED]' });
    expect(exported!.resource.attributes).toEqual({ 'service.name': 'svc-[REDACTED]', 'host.[REDACTED]': 'x' });
    // Ids and timing are what the span had: the trace stays one trace.
    expect(exported!.spanContext().traceId).toBe(span.spanContext().traceId);
    expect(exported!.spanContext().spanId).toBe(span.spanContext().spanId);
    await provider.shutdown();
  });
});
