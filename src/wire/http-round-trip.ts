/**
 * One HTTP request and its answer, as a state machine whose transitions are the events of the
 * request and its response stream:
 *
 *   sending ──head──▶ reading ──body ended──▶ done
 *                        ├──answered, or endWhen met──▶ closing (mcpgate closes the stream) ──closed──▶ done
 *                        └──endWhen met, with holdOpen──▶ held (the stream read on until released or closed)
 *   sending, reading ──deadline, size or depth cap, flood, network error, early end──▶ done, failed
 *
 * A body is read as plain JSON, parsed once when whole, or as an event stream, each event parsed as
 * it completes. Settling (done or held) resolves the exchange exactly once. The request itself is
 * written only on a connection still open (open-socket-request.ts), and never twice.
 */

import type http from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { describeNetworkError, WireError } from './errors.js';
import { floodMessage, MAX_MESSAGES_PER_EXCHANGE, startExchange, type Exchange, type OutgoingMessage } from './exchange.js';
import { requestBody, requestHeaders } from './http-request.js';
import { BodyBytes, closeStream, closedStream, lowerHeaders, mediaType } from './http-response.js';
import { JsonEndScanner } from './json-end.js';
import { isResponse, sameId, type JsonRpcResponse } from './jsonrpc.js';
import { RequestOnOpenSocket } from './open-socket-request.js';
import { parseServerJson, type ServerJson } from './server-json.js';
import { SseParser } from './sse.js';

export interface RoundTripOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Headers the user supplied, sent on every request a probe does not override (see requestHeaders). */
  extraHeaders?: Record<string, string>;
  /** The credential provider's headers for this request (an OAuth token), over the user's. */
  tokenHeaders?: Record<string, string>;
}

export function sendHttp(url: URL, agent: http.Agent, message: OutgoingMessage, options: RoundTripOptions): Promise<Exchange> {
  return new Promise((resolve) => new HttpRoundTrip(url, message, options, resolve).send(agent));
}

type Phase = 'sending' | 'reading' | 'closing' | 'held' | 'done';

/**
 * How the body is read, by its media type. A JSON body gets an `end` scanner only for a caller
 * waiting on a stream (endWhen), who may be answered with plain JSON that the server never ends.
 */
type BodyReader = { kind: 'json'; end: JsonEndScanner | undefined } | { kind: 'sse'; decoder: StringDecoder; parser: SseParser };

const CLOSED_EARLY = 'the server closed the event stream before sending the response';

class HttpRoundTrip {
  private phase: Phase = 'sending';
  private readonly exchange: Exchange;
  private readonly elapsedMs: () => number;
  private readonly body: BodyBytes;
  private timer: NodeJS.Timeout | undefined;
  private request: RequestOnOpenSocket | undefined;

  constructor(
    private readonly url: URL,
    private readonly message: OutgoingMessage,
    private readonly options: RoundTripOptions,
    private readonly resolve: (exchange: Exchange) => void,
  ) {
    ({ exchange: this.exchange, elapsedMs: this.elapsedMs } = startExchange('http', url.href, message));
    this.body = new BodyBytes(options.maxResponseBytes);
  }

  send(agent: http.Agent): void {
    const body = requestBody(this.message);
    const { headers, userHeaderNames } = requestHeaders(this.message, this.options.extraHeaders, body, this.options.tokenHeaders);
    this.exchange.userHeaderNames = userHeaderNames;
    const method = this.message.httpMethod ?? 'POST';
    this.request = new RequestOnOpenSocket(this.url, { method, headers, agent }, body, {
      onResponse: (res) => this.onHead(res),
      onError: (error) => this.settle(describeNetworkError(this.url, error)),
    });
    const timeoutMs = this.message.timeoutMs ?? this.options.timeoutMs;
    this.timer = setTimeout(() => this.onDeadline(timeoutMs), timeoutMs);
  }

  /** sending → reading: the status line and headers are in; the body is read by its media type. */
  private onHead(res: http.IncomingMessage): void {
    if (this.phase === 'sending') this.phase = 'reading';
    const exchange = this.exchange;
    exchange.timing.firstByteMs = this.elapsedMs();
    exchange.status = res.statusCode;
    exchange.headers = lowerHeaders(res.headers);
    exchange.contentType = mediaType(exchange.headers['content-type']);
    const reader: BodyReader =
      exchange.contentType === 'text/event-stream'
        ? {
            kind: 'sse',
            // Decodes across chunk boundaries, so a character split between two TCP reads stays whole.
            decoder: new StringDecoder('utf8'),
            parser: new SseParser((data) => this.onEvent(res, data), { onOverflow: (why) => this.refuse(res, why) }),
          }
        : { kind: 'json', end: this.message.endWhen ? new JsonEndScanner() : undefined };
    res.on('data', (chunk: Buffer) => this.onChunk(res, reader, chunk));
    res.on('end', () => this.onEnd(reader));
    res.on('error', (error: NodeJS.ErrnoException) => this.onStreamError(reader, error));
    res.on('aborted', () => this.onAborted(reader));
  }

  /** Still reading (or held), unless the body outgrows --max-response-bytes. */
  private onChunk(res: http.IncomingMessage, reader: BodyReader, chunk: Buffer): void {
    if (!this.body.add(chunk)) {
      const cap = this.options.maxResponseBytes;
      this.refuse(res, `the response exceeded ${cap} bytes; raise --max-response-bytes if that is expected`);
      return;
    }
    if (reader.kind === 'sse') reader.parser.push(reader.decoder.write(chunk));
    else if (reader.end?.push(chunk)) setImmediate(() => this.onJsonWhole(res));
  }

  /** reading → done: the server ended the body. */
  private onEnd(reader: BodyReader): void {
    if (this.phase !== 'reading') return;
    if (reader.kind === 'sse') {
      reader.parser.push(reader.decoder.end());
      reader.parser.end();
    } else if (!this.adoptJsonBody()) return;
    this.adoptResponse();
    this.settle();
  }

  /**
   * reading → done: a caller waiting for a stream was answered with plain JSON whose value has
   * closed; once it parses, it is all there is to judge, even if the server never ends the body.
   * Called a turn later, so a body that does end is left to onEnd (the socket stays reusable); only
   * one held open is cut.
   */
  private onJsonWhole(res: http.IncomingMessage): void {
    if (this.phase !== 'reading') return;
    const parsed = parseServerJson(this.body.text());
    if (!parsed.ok) return;
    this.adoptJson(parsed);
    this.adoptResponse();
    this.settle();
    res.destroy();
  }

  /** One event of a stream; may answer the request, or be what a caller waiting on a stream wants. */
  private onEvent(res: http.IncomingMessage, data: string): void {
    const parsed = parseServerJson(data);
    if (!parsed.ok) {
      if (parsed.reason === 'too-deep') this.refuse(res, parsed.message);
      else this.exchange.unparsable.push(data);
      return;
    }
    const answered = answers(parsed.value, this.message.awaitId);
    if (!answered && this.exchange.messages.length >= MAX_MESSAGES_PER_EXCHANGE) {
      this.refuse(res, floodMessage('in one event stream before its response'));
      return;
    }
    this.exchange.messages.push(parsed.value);
    this.message.onMessage?.(parsed.value);
    if (answered) this.exchange.response = parsed.value as JsonRpcResponse;
    // A turn later: the rest of this chunk is read first, and a stream that ends by itself is left to onEnd.
    if (answered || this.message.endWhen?.(parsed.value) === true) setImmediate(() => this.closeAnswered(res, answered));
  }

  /**
   * reading → closing, or held: the answer (or what the caller waited for) is in, and a stream that
   * stays open would otherwise hold the exchange until the deadline. What the exchange holds is what
   * it would hold had the server ended the stream there.
   */
  private closeAnswered(res: http.IncomingMessage, answered: boolean): void {
    if (res.complete || this.phase !== 'reading') return;
    this.exchange.streamLeftOpen = true;
    this.adoptResponse();
    const hold = answered ? undefined : this.message.holdOpen;
    if (hold) {
      // Settles once the stream is closed, whoever closes it: mcpgate once the caller releases it,
      // or the server (or the size cap) first; the in-flight slot the stream holds goes back then.
      this.exchange.closed = closedStream(res);
      const release = (): void => void res.destroy();
      hold.then(release, release);
      this.settle(undefined, 'held');
      return;
    }
    // The exchange resolves once the stream is closed and one turn of the event loop has passed, so
    // the caller's next request (a freed in-flight slot) reaches the server after the end of this
    // stream does, not beside it. mcpgate's own close aborts the response: that is no early end.
    this.phase = 'closing';
    void closeStream(res).then(() => this.settle());
  }

  /** The response ended before it was complete (a close mcpgate made itself is not one). */
  private onAborted(reader: BodyReader): void {
    if (this.phase === 'reading' && !this.exchange.response) this.settle(this.cutShort(reader));
  }

  private onStreamError(reader: BodyReader, error: NodeJS.ErrnoException): void {
    if (this.phase === 'closing') return;
    this.settle(this.exchange.response ? describeNetworkError(this.url, error) : this.cutShort(reader));
  }

  /** An event stream closed before its response came, or a body cut in its middle, said as what it was. */
  private cutShort(reader: BodyReader): WireError {
    if (reader.kind === 'sse') return new WireError('closed-early', CLOSED_EARLY);
    const announced = this.exchange.headers['content-length'];
    const of = announced !== undefined && /^\d+$/.test(announced) ? ` of the ${announced} bytes it announced` : ' bytes';
    return new WireError(
      'closed-early',
      `the server closed the connection in the middle of its ${this.exchange.contentType ?? 'response'} body (${this.body.length}${of} arrived)`,
    );
  }

  private onDeadline(timeoutMs: number): void {
    const what = this.exchange.status === undefined ? 'no response' : 'the response did not complete';
    this.request?.destroy();
    this.settle(
      new WireError(
        'timeout',
        `${what} within ${timeoutMs} ms from ${this.url.href}; the server may hang or stream without end (raise --timeout if it is just slow)`,
      ),
    );
  }

  /** → done, failed with a cap: the rest of the response is not read. */
  private refuse(res: http.IncomingMessage, why: string): void {
    this.settle(new WireError('too-large', why));
    res.destroy();
  }

  /** Resolves the exchange, once; a later call is a no-op. */
  private settle(error?: WireError, next: 'done' | 'held' = 'done'): void {
    if (this.phase === 'done' || this.phase === 'held') return;
    this.phase = next;
    clearTimeout(this.timer);
    this.exchange.timing.durationMs = this.elapsedMs();
    this.exchange.bodyText = this.body.text();
    if (error) this.exchange.error = error;
    this.resolve(this.exchange);
  }

  /** A plain JSON body's messages; false when it was refused (too deep). */
  private adoptJsonBody(): boolean {
    const text = this.body.text();
    if (text.trim().length === 0) return true;
    const parsed = parseServerJson(text);
    if (!parsed.ok && parsed.reason === 'too-deep') {
      this.settle(new WireError('too-large', parsed.message));
      return false;
    }
    this.adoptJson(parsed);
    return true;
  }

  private adoptJson(parsed: ServerJson): void {
    if (!parsed.ok) this.exchange.unparsable.push(this.body.text());
    // A loop, not push(...batch): spreading a server's array of a million entries overflows the call stack.
    else if (Array.isArray(parsed.value)) for (const item of parsed.value as unknown[]) this.exchange.messages.push(item);
    else this.exchange.messages.push(parsed.value);
  }

  /**
   * A plain JSON body answers exactly this request, so a response with a different id is still its
   * answer: keep it, flagged, so the id-echo check can show what came back.
   */
  private adoptResponse(): void {
    if (this.exchange.response) return;
    const single = this.exchange.messages.find(isResponse);
    if (!single) return;
    this.exchange.response = single;
    if (this.message.awaitId !== undefined && !answers(single, this.message.awaitId)) this.exchange.responseIdMismatch = true;
  }
}

function answers(message: unknown, awaitId: OutgoingMessage['awaitId']): boolean {
  if (awaitId === undefined || !isResponse(message)) return false;
  return sameId(message.id, awaitId);
}
