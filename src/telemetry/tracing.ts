/**
 * OpenTelemetry for mcpgate's own work: a span per evaluated sample, per model call (GenAI
 * semantic conventions) and per MCP request (MCP conventions), and W3C trace context injected into
 * every MCP request's `params._meta` so a server that honours it joins the same trace. Spans are
 * exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set, masked on the way out like
 * every other output (redacting-exporter.ts); an unreachable collector costs one warning and never
 * fails or slows the run (export is batched, shutdown is bounded).
 */

import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { safe } from '../report/terminal-escape.js';
import { redact } from '../shared/redact.js';
import type { ModelTurn } from '../models/types.js';
import { PROTOCOL_VERSION } from '../spec/protocol.js';
import type { Exchange } from '../wire/exchange.js';
import { errorCodeOf } from '../wire/jsonrpc.js';
import type { ObservedRequest, RequestObservation, RequestObserver } from '../wire/observer.js';
import { traceContextOf } from './trace-context.js';
import { unrecordedTracer } from './unrecorded-tracer.js';

const SHUTDOWN_BOUND_MS = 3_000;

export interface SpanHandle {
  context: Context;
  span: Span;
}

/** What Tracing needs of a tracer: the SDK's when spans are exported, unrecordedTracer otherwise. */
export type SpanStarter = Pick<Tracer, 'startSpan'>;

export class Tracing implements RequestObserver {
  constructor(
    private readonly tracer: SpanStarter,
    private readonly flush: () => Promise<void>,
    readonly exporting: boolean,
  ) {}

  startSample(caseId: string, model: string, sampleIndex: number): SpanHandle {
    const span = this.tracer.startSpan('invoke_agent mcpgate-eval', {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': 'mcpgate-eval',
        'gen_ai.request.model': model,
        'mcpgate.case.id': caseId,
        'mcpgate.sample.index': sampleIndex,
      },
    });
    return { span, context: trace.setSpan(ROOT_CONTEXT, span) };
  }

  private startChat(parent: Context, model: string, temperature: number): SpanHandle {
    const [provider, ...rest] = model.split(':');
    const span = this.tracer.startSpan(
      `chat ${rest.join(':') || model}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': provider ?? model,
          'gen_ai.request.model': rest.join(':') || model,
          'gen_ai.request.temperature': temperature,
        },
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }

  /**
   * One model call inside its chat span. Usage and finish reason are set before the span ends: an
   * ended span drops attributes (and the SDK builds an Error for every late call to say so).
   */
  async traceChat(parent: Context, model: string, temperature: number, call: () => Promise<ModelTurn>): Promise<ModelTurn> {
    const { span } = this.startChat(parent, model, temperature);
    try {
      const reply = await call();
      span.setAttributes({
        'gen_ai.usage.input_tokens': reply.usage.inputTokens ?? 0,
        'gen_ai.usage.output_tokens': reply.usage.outputTokens ?? 0,
        'gen_ai.response.finish_reasons': [reply.finishReason],
        'mcpgate.cache.hit': reply.cached === true,
      });
      return reply;
    } catch (error) {
      span.setAttribute('error.type', error instanceof Error ? error.name : 'error');
      span.setStatus({ code: SpanStatusCode.ERROR, message: safe(redact(error instanceof Error ? error.message : String(error))) });
      throw error;
    } finally {
      span.end();
    }
  }

  startTool(parent: Context, toolName: string, callId: string): SpanHandle {
    const span = this.tracer.startSpan(
      `execute_tool ${toolName}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': toolName, 'gen_ai.tool.call.id': callId },
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  }

  /** RequestObserver: one CLIENT span per MCP request, its context sent in `_meta`. */
  onRequest(request: ObservedRequest): RequestObservation {
    const parent = (request.parent as Context | undefined) ?? ROOT_CONTEXT;
    const target =
      typeof request.params.name === 'string'
        ? request.params.name
        : typeof request.params.uri === 'string'
          ? request.params.uri
          : undefined;
    const attributes: Record<string, string | number> = {
      'mcp.method.name': request.method,
      'mcp.protocol.version': PROTOCOL_VERSION,
      'network.transport': request.transport === 'http' ? 'tcp' : 'pipe',
    };
    if (request.id !== null) attributes['jsonrpc.request.id'] = String(request.id);
    if (request.method === 'tools/call' && target) attributes['gen_ai.tool.name'] = target;
    if (request.transport === 'http') {
      const url = new URL(request.endpoint);
      attributes['server.address'] = url.hostname;
      attributes['server.port'] = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    }
    const span = this.tracer.startSpan(
      target ? `${request.method} ${target}` : request.method,
      { kind: SpanKind.CLIENT, attributes },
      parent,
    );
    return {
      meta: traceContextOf(span),
      done(exchange: Exchange) {
        const code = errorCodeOf(exchange.response);
        if (exchange.error) {
          span.setAttribute('error.type', exchange.error.kind);
          span.setStatus({ code: SpanStatusCode.ERROR, message: exchange.error.message });
        } else if (code !== undefined) {
          span.setAttribute('error.type', String(code));
          span.setAttribute('rpc.jsonrpc.error_code', code);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  /** Flushes what is pending, bounded so a dead collector cannot hold the exit. */
  async shutdown(): Promise<void> {
    await Promise.race([this.flush().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_BOUND_MS).unref())]);
  }
}

/**
 * Tracing that always propagates context; spans are recorded and exported only when an OTLP endpoint
 * is configured, and the OpenTelemetry SDK is loaded only then.
 */
export async function createTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : undefined);
  if (endpoint === undefined) return new Tracing(unrecordedTracer, () => Promise.resolve(), false);
  const provider = (await import('./exporting-tracer.js')).exportingProvider(endpoint, env.OTEL_SERVICE_NAME ?? 'mcpgate');
  return new Tracing(provider.getTracer('mcpgate'), () => provider.shutdown(), true);
}
