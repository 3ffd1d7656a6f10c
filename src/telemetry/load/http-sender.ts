/**
 * The HTTP hot path of a load run. HttpConnection records every exchange for the audits (and
 * re-serialises each message), which under load would grow without bound and cost more than the
 * request; this sender keeps nothing. It holds up to `maxSockets` keep-alive connections, writes
 * each request as one string (the head prebuilt, the body from the template), and judges the
 * answer minimally. With OAuth credentials the head is rebuilt when the token is renewed, and a
 * request refused with 401 is sent once more, as on every other path (wire/credentials.ts).
 */

import { StringDecoder } from 'node:string_decoder';
import { withCredentials, type Refusal, type TokenProvider } from '../../wire/credentials.js';
import { requestHeaders } from '../../wire/http-request.js';
import { parseServerJson } from '../../wire/server-json.js';
import { parseHttpUrl } from '../../wire/http.js';
import { SseParser } from '../../wire/sse.js';
import { Http1Connection, type Address, type ResponseHandler } from './http1-connection.js';
import { judgeResponse, type Completion, type Sender } from './outcome.js';
import { digitsOf, RepeatJudge, UNSURE } from './quick-judge.js';
import type { RequestTemplate } from './request-template.js';

export interface HttpSenderOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** User headers (credentials); the template's protocol headers win on a clash, as in HttpConnection. */
  headers?: Record<string, string>;
  /** The server's OAuth credentials, as in ConnectOptions. */
  credentials?: TokenProvider;
  /** Connections kept open: the most requests in flight. */
  maxSockets: number;
  /** Parse every answer and pass its result on (statelessness probe, tools/call's isError). */
  wantResults: boolean;
}

type Finish = (error: string | undefined, result?: Record<string, unknown>) => void;

/** How one attempt ended, with what a retry after a 401 needs to know. */
type Attempt = Refusal & { error: string | undefined; result?: Record<string, unknown> };

/** Framing headers the sender writes itself. */
const RESERVED = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

export class HttpSender implements Sender {
  private readonly idle: Http1Connection[] = [];
  private readonly all: Http1Connection[] = [];
  private readonly waiting: { id: number; head: string; done: AttemptDone }[] = [];
  private readonly address: Address;
  private readonly judge = new RepeatJudge();
  private readonly requestLine: string;
  /** The head up to Content-Length, for the credentials it was built with (`credentialsKey`). */
  private headPrefix: string;
  private credentialsKey = '';

  constructor(
    readonly endpoint: string,
    private readonly template: RequestTemplate,
    private readonly options: HttpSenderOptions,
  ) {
    const url = parseHttpUrl(endpoint);
    const secure = url.protocol === 'https:';
    this.address = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || (secure ? 443 : 80)), secure };
    this.requestLine = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
    this.headPrefix = this.buildHead({});
  }

  send(id: number, done: Completion): void {
    const credentials = this.options.credentials;
    if (!credentials) return this.dispatch(id, this.headPrefix, (attempt) => done(attempt.error, attempt.result));
    void withCredentials(
      credentials,
      this.template.headers,
      (tokenHeaders) => new Promise<Attempt>((resolve) => this.dispatch(id, this.headFor(tokenHeaders), resolve)),
      (attempt) => attempt,
    ).then(
      ({ answer }) => done(answer.error, answer.result),
      () => done('unauthorized', undefined),
    );
  }

  async close(): Promise<void> {
    for (const connection of this.all) connection.abort();
  }

  private open(): Http1Connection {
    const connection = new Http1Connection(this.address);
    this.all.push(connection);
    return connection;
  }

  private dispatch(id: number, head: string, done: AttemptDone): void {
    const connection = this.idle.pop() ?? (this.all.length < this.options.maxSockets ? this.open() : undefined);
    if (connection) this.sendOn(connection, id, head, done);
    else this.waiting.push({ id, head, done });
  }

  /** The head for these credentials: rebuilt only when the token changed. */
  private headFor(tokenHeaders: Record<string, string>): string {
    const key = JSON.stringify(tokenHeaders);
    if (key !== this.credentialsKey) {
      this.headPrefix = this.buildHead(tokenHeaders);
      this.credentialsKey = key;
    }
    return this.headPrefix;
  }

  private buildHead(tokenHeaders: Record<string, string>): string {
    const { headers } = requestHeaders({ body: '', headers: this.template.headers }, this.options.headers, undefined, tokenHeaders);
    const lines = Object.entries(headers)
      .filter(([name]) => !RESERVED.has(name.toLowerCase()))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return `${this.requestLine}${lines}Content-Length: `;
  }

  private sendOn(connection: Http1Connection, id: number, head: string, done: AttemptDone): void {
    const body = this.template.body(id);
    let settled = false;
    let refusal: Refusal = {};
    const finish: Finish = (error, result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The connection is free before the caller hears back, so its next request can use it.
      const next = this.waiting.shift();
      if (next) this.sendOn(connection, next.id, next.head, next.done);
      else this.idle.push(connection);
      done({ error, ...(result ? { result } : {}), ...refusal });
    };
    const timer = setTimeout(() => {
      connection.abort();
      finish('timeout');
    }, this.options.timeoutMs);
    const length = this.template.fixedBytes + digitsOf(id);
    const onRefusal = (status: number, challenge: string | undefined): void => {
      refusal = { status, ...(challenge !== undefined ? { challenge } : {}) };
    };
    connection.send(`${head}${length}\r\n\r\n${body}`, this.responseHandler(connection, id, finish, onRefusal));
  }

  private responseHandler(
    connection: Http1Connection,
    id: number,
    finish: Finish,
    onRefusal: (status: number, challenge: string | undefined) => void,
  ): ResponseHandler {
    let status = 0;
    let bytes = 0;
    let chunks: Buffer[] = [];
    let stream: SseParser | undefined;
    let decoder: StringDecoder | undefined;
    return {
      head: (code, contentType, challenge) => {
        status = code;
        if (code === 401) onRefusal(code, challenge);
        if (code >= 200 && code <= 299 && contentType?.startsWith('text/event-stream')) {
          decoder = new StringDecoder('utf8');
          stream = this.streamJudge(id, (error, result) => {
            // An answered stream that stays open would hold the connection: it is closed instead.
            connection.abort();
            finish(error, result);
          });
        }
      },
      data: (chunk) => {
        bytes += chunk.length;
        if (bytes > this.options.maxResponseBytes) {
          connection.abort();
          return finish('too-large');
        }
        if (stream) stream.push(decoder!.write(chunk));
        else if (status >= 200 && status <= 299) chunks.push(chunk);
      },
      end: () => {
        if (status < 200 || status > 299) return finish(`http:${status}`);
        if (stream) {
          stream.push(decoder!.end());
          stream.end();
          return finish('no-response');
        }
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        chunks = [];
        finish(...this.judgeBody(body, id));
      },
      fail: (kind) => finish(kind),
    };
  }

  private judgeBody(body: Buffer, id: number): [string | undefined, Record<string, unknown>?] {
    if (!this.options.wantResults) {
      const verdict = this.judge.judge(body, id);
      if (verdict !== UNSURE) return [verdict];
    }
    // Depth-capped like every other read of a server's bytes: judging recurses into what it parsed.
    const parsed = parseServerJson(body.toString('utf8'));
    if (!parsed.ok) return [parsed.reason];
    const message = parsed.value;
    const error = judgeResponse(message, id);
    return [error, error === undefined ? (message as { result: Record<string, unknown> }).result : undefined];
  }

  /** An event-stream answer ends at the response to `id`; notifications before it are skipped. */
  private streamJudge(id: number, finish: Finish): SseParser {
    return new SseParser((data) => {
      const parsed = parseServerJson(data);
      if (!parsed.ok) return finish(parsed.reason);
      const message = parsed.value;
      const kind = message as { result?: unknown; error?: unknown };
      if (kind.result === undefined && kind.error === undefined) return;
      const error = judgeResponse(message, id);
      finish(error, error === undefined ? (kind.result as Record<string, unknown>) : undefined);
    });
  }
}

type AttemptDone = (attempt: Attempt) => void;
