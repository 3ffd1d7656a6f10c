/**
 * A hook around every request a client sends, so telemetry can open a span, put W3C trace context
 * into the request's `_meta`, and close the span with the exchange. The wire layer knows nothing of
 * OpenTelemetry; `parent` is passed through untouched from the caller to the observer.
 */

import type { Exchange, TransportKind } from './exchange.js';
import type { JsonRpcId } from './jsonrpc.js';

export interface ObservedRequest {
  method: string;
  params: Record<string, unknown>;
  id: JsonRpcId | null;
  transport: TransportKind;
  endpoint: string;
  /** Opaque parent context from the caller (an OpenTelemetry Context in practice). */
  parent?: unknown;
}

export interface RequestObservation {
  /** `_meta` entries to add to the request, e.g. traceparent and tracestate. */
  meta: Record<string, string>;
  done(exchange: Exchange): void;
}

export interface RequestObserver {
  onRequest(request: ObservedRequest): RequestObservation;
}
