/**
 * The one redaction step between mcpgate's spans and a collector. Span names and attributes carry
 * text the server chose (a tool named after the token it was sent makes `tools/call <name>`), and a
 * collector is an output like any report, so every exporter gets masked copies: the name, every
 * attribute key and value, events (name and attributes), links (attributes and trace state), the
 * status message, the trace state, the instrumentation scope and the resource, all through `redact`,
 * with the secrets the reports use (src/shared/redact.ts). Masking happens at export, so a secret
 * registered after a span started is masked too.
 */

import { createTraceState, type Attributes, type AttributeValue, type Link, type SpanContext } from '@opentelemetry/api';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { redact } from '../shared/redact.js';

function maskedValue(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item: unknown) => (typeof item === 'string' ? redact(item) : item)) as AttributeValue;
  return value;
}

export function maskedAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) out[redact(key)] = maskedValue(value);
  return out;
}

function maskedContext(context: SpanContext): SpanContext {
  const state = context.traceState?.serialize();
  if (state === undefined) return context;
  const masked = redact(state);
  return masked === state ? context : { ...context, traceState: createTraceState(masked) };
}

function maskedEvent(event: TimedEvent): TimedEvent {
  return { ...event, name: redact(event.name), ...(event.attributes ? { attributes: maskedAttributes(event.attributes) } : {}) };
}

function maskedLink(link: Link): Link {
  return { ...link, context: maskedContext(link.context), ...(link.attributes ? { attributes: maskedAttributes(link.attributes) } : {}) };
}

function maskedResource(resource: Resource): Resource {
  const schemaUrl = resource.schemaUrl === undefined ? {} : { schemaUrl: redact(resource.schemaUrl) };
  return resourceFromAttributes(maskedAttributes(resource.attributes), schemaUrl);
}

function maskedSpan(span: ReadableSpan, resource: Resource): ReadableSpan {
  const context = maskedContext(span.spanContext());
  const scope = span.instrumentationScope;
  return {
    name: redact(span.name),
    kind: span.kind,
    spanContext: () => context,
    ...(span.parentSpanContext ? { parentSpanContext: maskedContext(span.parentSpanContext) } : {}),
    startTime: span.startTime,
    endTime: span.endTime,
    duration: span.duration,
    ended: span.ended,
    status: { ...span.status, ...(span.status.message !== undefined ? { message: redact(span.status.message) } : {}) },
    attributes: maskedAttributes(span.attributes),
    links: span.links.map(maskedLink),
    events: span.events.map(maskedEvent),
    resource,
    instrumentationScope: {
      name: redact(scope.name),
      ...(scope.version !== undefined ? { version: redact(scope.version) } : {}),
      ...(scope.schemaUrl !== undefined ? { schemaUrl: redact(scope.schemaUrl) } : {}),
    },
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Wraps an exporter so that it only ever sees masked copies of the spans it is handed. */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    // One masked copy per resource and batch: the OTLP encoder groups spans by resource identity.
    const resources = new Map<Resource, Resource>();
    const resourceOf = (resource: Resource): Resource => {
      const masked = resources.get(resource) ?? maskedResource(resource);
      resources.set(resource, masked);
      return masked;
    };
    this.inner.export(
      spans.map((span) => maskedSpan(span, resourceOf(span.resource))),
      done,
    );
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
