/**
 * Whether the server honours W3C trace context in `_meta`: with mcpgate's OTLP receiver running
 * (`--otlp-receiver`) and the server exporting to it, the server's span for a request must join the
 * trace mcpgate started (basic/index#meta, the traceparent/tracestate/baggage keys).
 */

import { randomBytes } from 'node:crypto';
import { defineChecks, pass, skip, violated } from '../check.js';
import { evidenceOf } from '../evidence.js';

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
      const exchange = await ctx.client.request('tools/list', {}, { metaPatch: { traceparent } });
      const evidence = [
        evidenceOf(
          exchange,
          `a server span with trace id ${traceId} (child of ${spanId}) at ${receiver.endpoint}`,
          'tools/list with traceparent',
        ),
      ];
      // Export is asynchronous: the wait ends at the first span in mcpgate's trace, and otherwise lasts
      // as long as any request may (--timeout), so a busy machine does not turn a late span into a skip.
      const waitMs = ctx.options.connect.timeoutMs;
      const joined = await receiver.waitFor((s) => s.traceId === traceId, waitMs);
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
      return violated(
        `the server exported ${others.length} span(s), none in the trace given by traceparent ${traceparent}`,
        evidence,
        'extract traceparent/tracestate from params._meta and use them as the parent of the request span',
      );
    },
  },
]);
