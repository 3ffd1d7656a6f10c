/**
 * When OTEL_EXPORTER_OTLP_ENDPOINT is set, the reference server exports one SERVER span per
 * request, parented on the W3C trace context the client put in `params._meta`, as a server that
 * honours trace context does. The `ignores-trace-context` variant starts a new trace instead.
 */

import { ROOT_CONTEXT, SpanKind, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { isBroken, type ServerConfig } from './config.js';
import type { ReferenceServer } from './server.js';

const propagator = new W3CTraceContextPropagator();
const getter: TextMapGetter<Record<string, string>> = { get: (carrier, key) => carrier[key], keys: (carrier) => Object.keys(carrier) };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Wraps the server core with spans; returns it unchanged when no endpoint is configured. */
export function withTracing(
  core: ReferenceServer,
  config: ServerConfig,
  env: NodeJS.ProcessEnv = process.env,
): { core: ReferenceServer; flush: () => Promise<void> } {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return { core, flush: async () => undefined };
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'mcpgate-reference-server' }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${base.replace(/\/$/, '')}/v1/traces`, timeoutMillis: 2_000 }))],
  });
  const tracer = provider.getTracer('mcpgate-reference-server');
  const traced: ReferenceServer = {
    handle(message, context) {
      const params = isObject(message) && isObject(message.params) ? message.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      const carrier: Record<string, string> = {};
      for (const key of ['traceparent', 'tracestate']) if (typeof meta[key] === 'string') carrier[key] = meta[key] as string;
      const parent = isBroken(config, 'ignores-trace-context') ? ROOT_CONTEXT : propagator.extract(ROOT_CONTEXT, carrier, getter);
      const method = isObject(message) && typeof message.method === 'string' ? message.method : 'invalid';
      const name = typeof params.name === 'string' ? `${method} ${params.name}` : method;
      // The attributes the OpenTelemetry conventions for MCP give a server span.
      const id = isObject(message) && (typeof message.id === 'string' || typeof message.id === 'number') ? String(message.id) : undefined;
      const attributes = { 'mcp.method.name': method, ...(id === undefined ? {} : { 'jsonrpc.request.id': id }) };
      const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
      try {
        return core.handle(message, context);
      } finally {
        span.end();
      }
    },
  };
  return { core: traced, flush: () => provider.forceFlush().catch(() => undefined) };
}
