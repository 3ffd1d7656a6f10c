/**
 * Whether the server honours W3C trace context in `_meta`: with mcpgate's OTLP receiver running
 * (`--otlp-receiver`) and the server exporting to it, the server's span for a request must join the
 * trace mcpgate started (basic/index#meta, the traceparent/tracestate/baggage keys).
 */

import { randomBytes } from 'node:crypto';
import type { ReceivedSpan } from '../../telemetry/otlp-decode.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { uniqueId } from './expect.js';

/** The request id a server span names, under the current and the older OpenTelemetry attribute. */
function requestIdOf(span: ReceivedSpan): string | undefined {
  const id = span.attributes['jsonrpc.request.id'] ?? span.attributes['rpc.jsonrpc.request_id'];
  return id === undefined ? undefined : String(id);
}

export const telemetryChecks = defineChecks('telemetry', [
  {
    id: 'telemetry.trace-context',
    title: 'the server joins the trace given by traceparent in _meta',
    level: 'SHOULD',
    spec: 'basic/index#meta',
    async run(ctx) {
      const receiver = ctx.options.otlpReceiver;
      if (!receiver) return skip('no OTLP receiver: run with --otlp-receiver and let the server export its spans to it');
      const traceId = randomBytes(16).toString('hex');
      const spanId = randomBytes(8).toString('hex');
      const traceparent = `00-${traceId}-${spanId}-01`;
      const before = receiver.spans.length;
      const id = uniqueId('trace');
      const { method } = await ctx.servedRequest();
      const exchange = await ctx.client.request(method, {}, { id, metaPatch: { traceparent } });
      const evidence = [
        evidenceOf(
          exchange,
          `a server span with trace id ${traceId} (child of ${spanId}) at ${receiver.endpoint}`,
          `${method} with traceparent`,
        ),
      ];
      // Export is asynchronous: the wait ends at the first span in mcpgate's trace, or at the server's
      // span for this very request (it names the request id, as the OpenTelemetry conventions for MCP
      // say) in another trace; otherwise it lasts as long as any request may (--timeout), so a busy
      // machine does not turn a late span into a skip.
      const waitMs = ctx.options.connect.timeoutMs;
      const found = await receiver.waitFor((s) => s.traceId === traceId || requestIdOf(s) === id, waitMs);
      const joined = found?.traceId === traceId ? found : undefined;
      if (joined) {
        evidence.push({
          label: 'span received',
          received: `${joined.name} trace ${joined.traceId} parent ${joined.parentSpanId || '(none)'} from ${joined.serviceName ?? 'unknown service'}`,
        });
        return pass(`the server's span "${joined.name}" joined mcpgate's trace`, evidence);
      }
      const others = receiver.spans.slice(before).filter((s) => s.serviceName !== 'mcpgate');
      if (others.length === 0)
        return skip(`no span from the server reached ${receiver.endpoint} within ${waitMs} ms; is its OTLP exporter pointed there?`);
      evidence.push({
        label: 'spans received',
        received: others
          .slice(0, 3)
          .map((s) => `${s.name} trace ${s.traceId}`)
          .join('\n'),
      });
      const ours = found ? `; its span for this request (id ${id}) is in trace ${found.traceId}` : '';
      return violated(
        `the server exported ${others.length} span(s), none in the trace given by traceparent ${traceparent}${ours}`,
        evidence,
        'extract traceparent/tracestate from params._meta and use them as the parent of the request span',
      );
    },
  },
]);
