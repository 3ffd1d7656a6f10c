/**
 * Streamable HTTP transport with full control of method, headers and body, so checks can send
 * deliberately wrong requests. Reads JSON and SSE bodies under a size cap and a deadline, and
 * times every exchange.
 */

import http from 'node:http';
import https from 'node:https';
import { StringDecoder } from 'node:string_decoder';
import { describeTlsFailure, WireError } from './errors.js';
import {
  floodMessage,
  MAX_MESSAGES_PER_EXCHANGE,
  startExchange,
  type CloseInfo,
  type Connection,
  type Exchange,
  type OutgoingMessage,
  type ReceivedMessage,
} from './exchange.js';
import { isResponse, sameId, type JsonRpcResponse } from './jsonrpc.js';
import { ReceivedLog } from './received-log.js';
import { parseServerJson } from './server-json.js';
import { SseParser } from './sse.js';

export interface HttpOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Headers the user supplied (credentials, typically), sent on every request a probe does not override. */
  extraHeaders?: Record<string, string>;
  /** false: keep no log in `exchanges` and `received` (see ConnectOptions.keepLog). */
  keepLog?: boolean;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = { timeoutMs: 10_000, maxResponseBytes: 4 * 1024 * 1024 };

export class HttpConnection implements Connection {
  readonly transport = 'http' as const;
  private readonly url: URL;
  private readonly agent: http.Agent;
  private readonly log: ReceivedLog;

  constructor(
    endpoint: string,
    private readonly options: HttpOptions = DEFAULT_HTTP_OPTIONS,
  ) {
    this.url = parseHttpUrl(endpoint);
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 16 });
    this.log = new ReceivedLog(options.keepLog !== false);
  }

  get endpoint(): string {
    return this.url.href;
  }

  get received(): ReceivedMessage[] {
    return this.log.received;
  }

  get exchanges(): Exchange[] {
    return this.log.exchanges;
  }

  /** Messages past the log's caps (see ReceivedLog): counted, not kept in `received`. */
  get droppedMessages(): number {
    return this.log.droppedMessages;
  }

  async exchange(message: OutgoingMessage): Promise<Exchange> {
    const exchange = await sendHttp(this.url, this.agent, message, this.options);
    // Logged once complete, messages first, so the log holds finished exchanges in the order they ended.
    for (const m of exchange.messages) this.log.addMessage(m);
    this.log.addExchange(exchange);
    return exchange;
  }

  async close(): Promise<CloseInfo> {
    this.agent.destroy();
    return {};
  }
}

export function parseHttpUrl(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new WireError(
      'invalid-url',
      `"${endpoint}" is not a valid URL; pass the full MCP endpoint, for example http://127.0.0.1:3000/mcp`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WireError('invalid-url', `"${endpoint}" is not an http(s) URL; use --stdio for a server started as a command`);
  }
  return url;
}

function mediaType(value: string | undefined): string | undefined {
  return value?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function lowerHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function describeNetworkError(url: URL, error: NodeJS.ErrnoException): WireError {
  const where = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return new WireError('unreachable', `connection refused by ${where}: is the server running and listening on that port?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new WireError('unreachable', `host ${url.hostname} could not be resolved: check the URL`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new WireError('closed-early', `the server at ${where} closed the connection before answering`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new WireError('unreachable', `${where} is not reachable from this machine`);
    default:
      return describeTlsFailure(where, error) ?? new WireError('unreachable', `request to ${where} failed: ${error.message}`);
  }
}

/** Closes a response stream mcpgate no longer reads, and settles a turn after its socket has closed. */
function closeStream(res: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    res.once('close', () => setImmediate(resolve));
    res.destroy();
  });
}

function sendHttp(url: URL, agent: http.Agent, message: OutgoingMessage, options: HttpOptions): Promise<Exchange> {
  const timeoutMs = message.timeoutMs ?? options.timeoutMs;
  const { exchange, elapsedMs } = startExchange('http', url.href, message);
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve) => {
    let settled = false;
    let bytes = 0;
    const chunks: Buffer[] = [];
    const finish = (error?: WireError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      exchange.timing.durationMs = elapsedMs();
      if (chunks.length > 0 && !exchange.bodyText) exchange.bodyText = Buffer.concat(chunks).toString('utf8');
      if (error) exchange.error = error;
      resolve(exchange);
    };

    const body = message.httpMethod === 'GET' || message.httpMethod === 'DELETE' ? undefined : Buffer.from(message.body, 'utf8');
    const probeNames = new Set(Object.keys(message.headers ?? {}).map((h) => h.toLowerCase()));
    const extra = Object.entries(options.extraHeaders ?? {}).filter(([name]) => !probeNames.has(name.toLowerCase()));
    exchange.userHeaderNames = extra.map(([name]) => name);
    const headers: Record<string, string | number> = { ...Object.fromEntries(extra), ...message.headers };
    if (body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['Content-Length'] = body.length;

    const req = client.request(url, { method: message.httpMethod ?? 'POST', headers, agent }, (res) => {
      exchange.timing.firstByteMs = elapsedMs();
      exchange.status = res.statusCode;
      exchange.headers = lowerHeaders(res.headers);
      exchange.contentType = mediaType(exchange.headers['content-type']);
      const isSse = exchange.contentType === 'text/event-stream';
      const refuse = (why: string): void => {
        finish(new WireError('too-large', why));
        res.destroy();
      };
      const sse = isSse
        ? new SseParser(
            (data) => {
              const parsed = parseServerJson(data);
              if (!parsed.ok) {
                if (parsed.reason === 'too-deep') refuse(parsed.message);
                else exchange.unparsable.push(data);
                return;
              }
              const answered = matches(parsed.value, message.awaitId);
              if (!answered && exchange.messages.length >= MAX_MESSAGES_PER_EXCHANGE) {
                refuse(floodMessage('in one event stream before its response'));
                return;
              }
              exchange.messages.push(parsed.value);
              message.onMessage?.(parsed.value);
              if (answered) exchange.response = parsed.value as JsonRpcResponse;
              if (answered || message.endWhen?.(parsed.value) === true) {
                // The answer is in; a stream that stays open would otherwise hold us until the deadline.
                setImmediate(() => {
                  if (res.complete || settled) return;
                  exchange.streamLeftOpen = true;
                  const hold = answered ? undefined : message.holdOpen;
                  if (hold) {
                    exchange.closed = hold.then(() => closeStream(res)).catch(() => closeStream(res));
                    return void finishAfterBody();
                  }
                  // The exchange resolves once the stream is closed and one turn of the event loop
                  // has passed, so the caller's next request (a freed in-flight slot) reaches the
                  // server after the end of this stream does, not beside it.
                  void closeStream(res).then(finishAfterBody);
                });
              }
            },
            { onOverflow: refuse },
          )
        : undefined;
      // Decodes across chunk boundaries, so a character split between two TCP reads stays whole.
      const decoder = new StringDecoder('utf8');

      // A caller waiting for a stream (endWhen) was answered with plain JSON: once the body parses,
      // it is all there is to judge, even if the server never ends it.
      const settleOpenJsonBody = (): void => {
        if (!parseServerJson(Buffer.concat(chunks).toString('utf8')).ok) return;
        // A body that does end is left to 'end' (the socket stays reusable); only one held open is cut.
        setImmediate(() => {
          if (settled) return;
          exchange.bodyText = Buffer.concat(chunks).toString('utf8');
          if (adoptJsonBody()) {
            adoptResponse();
            finish();
          }
          res.destroy();
        });
      };

      /** A plain JSON body's messages; false when it was refused (too deep). */
      const adoptJsonBody = (): boolean => {
        if (exchange.bodyText.trim().length === 0) return true;
        const parsed = parseServerJson(exchange.bodyText);
        if (!parsed.ok && parsed.reason === 'too-deep') {
          finish(new WireError('too-large', parsed.message));
          return false;
        }
        if (!parsed.ok) exchange.unparsable.push(exchange.bodyText);
        // A loop, not push(...batch): spreading a server's array of a million entries overflows the call stack.
        else if (Array.isArray(parsed.value)) for (const item of parsed.value as unknown[]) exchange.messages.push(item);
        else exchange.messages.push(parsed.value);
        return true;
      };

      // A plain JSON body answers exactly this request, so a response with a different id is still
      // its answer: keep it, flagged, so the id-echo check can show what came back.
      const adoptResponse = (): void => {
        if (exchange.response) return;
        const single = exchange.messages.find((m) => isResponse(m));
        if (!single) return;
        exchange.response = single as JsonRpcResponse;
        if (message.awaitId !== undefined && !matches(single, message.awaitId)) exchange.responseIdMismatch = true;
      };

      const finishAfterBody = (): void => {
        exchange.bodyText = Buffer.concat(chunks).toString('utf8');
        finish();
      };

      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > options.maxResponseBytes) {
          finish(
            new WireError(
              'too-large',
              `the response exceeded ${options.maxResponseBytes} bytes; raise --max-response-bytes if that is expected`,
            ),
          );
          res.destroy();
          return;
        }
        chunks.push(chunk);
        if (sse) sse.push(decoder.write(chunk));
        else if (message.endWhen && endsLikeJson(chunk)) settleOpenJsonBody();
      });
      res.on('end', () => {
        if (settled) return;
        exchange.bodyText = Buffer.concat(chunks).toString('utf8');
        if (sse) {
          sse.push(decoder.end());
          sse.end();
        } else if (!adoptJsonBody()) return;
        adoptResponse();
        finish();
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) return;
        finish(
          isSse && !exchange.response
            ? new WireError('closed-early', 'the server closed the event stream before sending the response')
            : describeNetworkError(url, error),
        );
      });
      res.on('aborted', () => {
        if (!exchange.response) finish(new WireError('closed-early', 'the server closed the event stream before sending the response'));
      });
    });

    const timer = setTimeout(() => {
      const what = exchange.status === undefined ? 'no response' : 'the response did not complete';
      req.destroy();
      finish(
        new WireError(
          'timeout',
          `${what} within ${timeoutMs} ms from ${url.href}; the server may hang or stream without end (raise --timeout if it is just slow)`,
        ),
      );
    }, timeoutMs);

    req.on('error', (error: NodeJS.ErrnoException) => finish(describeNetworkError(url, error)));
    if (body) req.end(body);
    else req.end();
  });
}

function endsLikeJson(chunk: Buffer): boolean {
  for (let i = chunk.length - 1; i >= 0; i--) {
    const byte = chunk[i]!;
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7d || byte === 0x5d; // '}' or ']'
  }
  return false;
}

function matches(message: unknown, awaitId: OutgoingMessage['awaitId']): boolean {
  if (awaitId === undefined || !isResponse(message)) return false;
  return sameId((message as { id?: unknown }).id, awaitId);
}
