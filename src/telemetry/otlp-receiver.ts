/**
 * A small OTLP/HTTP trace receiver on 127.0.0.1: the collector that mcpgate and the server under
 * test can both export to, so a check can see whether the server's spans join mcpgate's trace.
 * Accepts JSON and protobuf bodies on POST /v1/traces and answers as a collector would.
 */

import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeJsonTraces, decodeProtobufTraces, type ReceivedSpan } from './otlp-decode.js';

export interface OtlpReceiver {
  /** Base URL to give exporters as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** The spans kept, at most `maxSpans`; later ones are still matched by `waitFor`, and counted. */
  spans: ReceivedSpan[];
  /** Spans received past `maxSpans`: not kept. */
  readonly droppedSpans: number;
  /** Resolves when a span matching the predicate has arrived, or with undefined after timeoutMs. */
  waitFor(predicate: (span: ReceivedSpan) => boolean, timeoutMs: number): Promise<ReceivedSpan | undefined>;
  close(): Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;
/** Spans one receiver keeps: a server may export without end, and a check needs only the first that join. */
export const MAX_KEPT_SPANS = 10_000;

export interface OtlpReceiverOptions {
  /** Sees every accepted export body as it arrived, before decoding: what a collector would store. */
  onBody?: (body: Buffer) => void;
  /** Spans kept at most (default MAX_KEPT_SPANS). */
  maxSpans?: number;
}

export async function startOtlpReceiver(port = 0, options: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const maxSpans = options.maxSpans ?? MAX_KEPT_SPANS;
  let droppedSpans = 0;
  const waiters = new Set<{ predicate: (s: ReceivedSpan) => boolean; resolve: (s: ReceivedSpan) => void }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/traces') return void res.writeHead(404).end();
      if (size > MAX_BODY) return void res.writeHead(413).end();
      const body = Buffer.concat(chunks);
      options.onBody?.(body);
      const json = (req.headers['content-type'] ?? '').includes('json');
      let received: ReceivedSpan[];
      try {
        received = json ? decodeJsonTraces(body.toString('utf8')) : decodeProtobufTraces(body);
      } catch {
        return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":3,"message":"undecodable OTLP body"}');
      }
      const room = Math.max(0, maxSpans - spans.length);
      spans.push(...received.slice(0, room));
      droppedSpans += Math.max(0, received.length - room);
      for (const span of received) {
        for (const w of [...waiters]) {
          if (w.predicate(span)) {
            waiters.delete(w);
            w.resolve(span);
          }
        }
      }
      if (json) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(error.code === 'EADDRINUSE' ? `port ${port} is already in use; choose another for the OTLP receiver` : error.message),
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    spans,
    get droppedSpans() {
      return droppedSpans;
    },
    waitFor(predicate, timeoutMs) {
      const found = spans.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const waiter = { predicate, resolve: (s: ReceivedSpan) => (clearTimeout(timer), resolve(s)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(undefined);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
