/**
 * The tracer of a run that exports no spans. Each span is a non-recording one with a fresh span id in
 * its parent's trace (a new trace at the root), marked sampled: the trace context sent to the server
 * in `_meta` is the same as an exporting run's, without the SDK building span objects, attributes and
 * timings that nothing would read.
 */

import { randomBytes } from 'node:crypto';
import { trace, TraceFlags, type Context, type Span, type Tracer } from '@opentelemetry/api';

/** Random ids in batches: one call into the random source per 512 spans, not two per span. */
let pool = Buffer.alloc(0);
let used = 0;

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    pool = randomBytes(8 * 1024);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}

export const unrecordedTracer: Pick<Tracer, 'startSpan'> = {
  startSpan(_name: string, _options?: unknown, context?: Context): Span {
    const parent = context === undefined ? undefined : trace.getSpanContext(context);
    return trace.wrapSpanContext({
      traceId: parent?.traceId ?? randomHex(16),
      spanId: randomHex(8),
      traceFlags: TraceFlags.SAMPLED,
    });
  },
};
