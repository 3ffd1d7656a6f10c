/**
 * A byte-exact POST on node:http, for the two things the wire layer's HttpConnection cannot do (it
 * sends a string as UTF-8 and always waits for the answer): a body with invalid UTF-8, and a client
 * that goes away in the middle of a request. The answer, when one is awaited, becomes an ordinary
 * Exchange, so evidence reads like everywhere else.
 */

import http from 'node:http';
import https from 'node:https';
import { withCredentials, type TokenProvider } from '../../wire/credentials.js';
import { WireError } from '../../wire/errors.js';
import type { Exchange, OutgoingMessage } from '../../wire/exchange.js';
import { requestHeaders } from '../../wire/http-request.js';
import { isResponse, type JsonRpcResponse } from '../../wire/jsonrpc.js';
import { parseServerJson } from '../../wire/server-json.js';
import { SseParser } from '../../wire/sse.js';

export type HttpSendMode =
  /** Send everything and read the answer. */
  | 'complete'
  /** Send the whole request, then close the connection before reading any answer. */
  | 'abandon-after-send'
  /** Announce the full Content-Length, send half the body, then close the connection. */
  | 'abandon-mid-body';

export interface RawHttpRequest {
  bytes: Buffer;
  /** What the evidence shows as sent (`body`), with the headers and the request's timeout. */
  shown: OutgoingMessage & { headers: Record<string, string> };
  extraHeaders?: Record<string, string>;
  /** The server's OAuth credentials: as on every other request, and a complete request refused with 401 is sent once more. */
  credentials?: TokenProvider;
  maxResponseBytes: number;
  timeoutMs: number;
  mode: HttpSendMode;
}

export async function sendHttpBytes(url: URL, request: RawHttpRequest): Promise<Exchange> {
  const { answer, retried } = await withCredentials(
    request.credentials,
    request.shown.headers,
    (tokenHeaders) => sendOnce(url, request, tokenHeaders),
    (sent) => ({ status: sent.status, challenge: sent.headers['www-authenticate'] }),
  );
  if (retried) answer.reauthorized = true;
  return answer;
}

function sendOnce(url: URL, request: RawHttpRequest, tokenHeaders: Record<string, string>): Promise<Exchange> {
  const started = performance.now();
  const exchange: Exchange = {
    transport: 'http',
    endpoint: url.href,
    sent: request.shown,
    headers: {},
    bodyText: '',
    messages: [],
    unparsable: [],
    timing: { startedAt: Date.now(), durationMs: 0 },
  };
  const assembled = requestHeaders(request.shown, request.extraHeaders, undefined, tokenHeaders);
  exchange.userHeaderNames = assembled.userHeaderNames;
  // The length of the bytes as they are, whatever a probe's headers say: a half-sent body announces all of it.
  const headers = { ...assembled.headers, 'Content-Length': String(request.bytes.length) };
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (error?: WireError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      exchange.timing.durationMs = performance.now() - started;
      if (error) exchange.error = error;
      resolve(exchange);
    };
    // agent: false, so an abandoned socket is never handed to a later request.
    const req = client.request(url, { method: 'POST', headers, agent: false }, (res) => readAnswer(res, exchange, request, finish));
    const timer = setTimeout(() => {
      req.destroy();
      finish(new WireError('timeout', `no complete answer within ${request.timeoutMs} ms from ${url.href}; the server may hang`));
    }, request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (request.mode !== 'complete') return finish();
      finish(
        new WireError(error.code === 'ECONNREFUSED' ? 'unreachable' : 'closed-early', `the request failed: ${error.code ?? error.message}`),
      );
    });

    if (request.mode === 'complete') return void req.end(request.bytes);
    const sent = request.mode === 'abandon-mid-body' ? request.bytes.subarray(0, Math.floor(request.bytes.length / 2)) : request.bytes;
    // Close only once the bytes are on the socket, so the server really sees a request cut short.
    req.write(sent, () => {
      req.destroy();
      finish();
    });
  });
}

function readAnswer(res: http.IncomingMessage, exchange: Exchange, request: RawHttpRequest, finish: (error?: WireError) => void): void {
  exchange.status = res.statusCode;
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) exchange.headers[name] = Array.isArray(value) ? value.join(', ') : value;
  exchange.contentType = exchange.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const chunks: Buffer[] = [];
  let bytes = 0;
  const accept = (parsed: unknown): void => {
    if (Array.isArray(parsed)) exchange.messages.push(...(parsed as unknown[]));
    else exchange.messages.push(parsed);
    const response = exchange.messages.find(isResponse);
    if (response && !exchange.response) exchange.response = response as JsonRpcResponse;
  };
  const sse =
    exchange.contentType === 'text/event-stream'
      ? new SseParser((data) => {
          const parsed = tryParse(data);
          if (parsed === undefined) exchange.unparsable.push(data);
          else accept(parsed);
          // The answer is in: a stream that stays open must not hold the probe until its deadline.
          if (exchange.response) {
            exchange.bodyText = Buffer.concat(chunks).toString('utf8');
            res.destroy();
            finish();
          }
        })
      : undefined;
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > request.maxResponseBytes) {
      res.destroy();
      return finish(new WireError('too-large', `the response exceeded ${request.maxResponseBytes} bytes`));
    }
    chunks.push(chunk);
    sse?.push(chunk.toString('utf8'));
  });
  res.on('end', () => {
    exchange.bodyText = Buffer.concat(chunks).toString('utf8');
    if (sse) sse.end();
    else if (exchange.bodyText.trim() !== '') {
      const parsed = tryParse(exchange.bodyText);
      if (parsed === undefined) exchange.unparsable.push(exchange.bodyText);
      else accept(parsed);
    }
    finish();
  });
  res.on('error', () => finish(new WireError('closed-early', 'the server closed the connection before the answer was complete')));
}

/** The server's JSON, depth-capped (MAX_JSON_DEPTH): what is too deep is kept as unparsable, unread. */
function tryParse(text: string): unknown {
  const parsed = parseServerJson(text);
  return parsed.ok ? parsed.value : undefined;
}
