/**
 * The OpenTelemetry SDK side of tracing, loaded only when spans are exported (an OTLP endpoint is
 * configured): a tracer provider whose one processor batches spans through the redaction step to the
 * OTLP/HTTP exporter.
 */

import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { safe } from '../report/terminal-escape.js';
import { redact } from '../shared/redact.js';
import { RedactingExporter } from './redacting-exporter.js';

type ExportResult = Parameters<Parameters<SpanExporter['export']>[1]>[0];

/** Passes spans on; the first failed export prints one warning, later failures stay quiet. */
class WarnOnceExporter implements SpanExporter {
  private warned = false;
  constructor(
    private readonly inner: SpanExporter,
    private readonly endpoint: string,
  ) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code !== 0 && !this.warned) {
        this.warned = true;
        process.stderr.write(
          `mcpgate: warning: spans could not be exported to ${this.endpoint} (${safe(redact(result.error?.message ?? 'export failed'))}); they are dropped, the run goes on\n`,
        );
      }
      done(result);
    });
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** The only way an exporter is attached: behind the redaction step, so no span leaves unmasked. */
function exportingProcessor(exporter: SpanExporter): BatchSpanProcessor {
  return new BatchSpanProcessor(new RedactingExporter(exporter), { scheduledDelayMillis: 500 });
}

export function exportingProvider(endpoint: string, serviceName: string): BasicTracerProvider {
  return new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [exportingProcessor(new WarnOnceExporter(new OTLPTraceExporter({ url: endpoint, timeoutMillis: 2_000 }), endpoint))],
  });
}
