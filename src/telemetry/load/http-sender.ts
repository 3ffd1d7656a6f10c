/**
 * The HTTP hot path of a load run. HttpConnection records every exchange for the audits (and
 * re-serialises each message), which under load would grow without bound and cost more than the
 * request; this sender keeps nothing. It holds up to `maxSockets` keep-alive connections, writes
 * each request as one string (the head prebuilt, the body from the template), and judges the
 * answer minimally.
 */

import { StringDecoder } from 'node:string_decoder';
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
  /** Connections kept open: the most requests in flight. */
  maxSockets: number;
  /** Parse every answer and pass its result on (statelessness probe, tools/call's isError). */
  wantResults: boolean;
}

type Finish = (error: string | undefined, result?: Record<string, unknown>) => void;

export class HttpSender implements Sender {
  private readonly idle: Http1Connection[] = [];
  private readonly all: Http1Connection[] = [];
  private readonly waiting: { id: number; done: Completion }[] = [];
  private readonly headPrefix: string;
  private readonly address: Address;
  private readonly judge = new RepeatJudge();

  constructor(
    readonly endpoint: string,
    private readonly template: RequestTemplate,
    private readonly options: HttpSenderOptions,
  ) {
    const url = parseHttpUrl(endpoint);
    const secure = url.protocol === 'https:';
    this.address = { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || (secure ? 443 : 80)), secure };
    const own = new Set(Object.keys(template.headers).map((name) => name.toLowerCase()));
    const reserved = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);
    const extra = Object.entries(options.headers ?? {}).filter(
      ([name]) => !own.has(name.toLowerCase()) && !reserved.has(name.toLowerCase()),
    );
    const lines = [...extra, ...Object.entries(template.headers)].map(([name, value]) => `${name}: ${value}\r\n`).join('');
    this.headPrefix = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${lines}Content-Length: `;
  }

  send(id: number, done: Completion): void {
    const connection = this.idle.pop() ?? (this.all.length < this.options.maxSockets ? this.open() : undefined);
    if (connection) this.sendOn(connection, id, done);
    else this.waiting.push({ id, done });
  }

  async close(): Promise<void> {
    for (const connection of this.all) connection.abort();
  }

  private open(): Http1Connection {
    const connection = new Http1Connection(this.address);
    this.all.push(connection);
    return connection;
  }

  private sendOn(connection: Http1Connection, id: number, done: Completion): void {
    const body = this.template.body(id);
    let settled = false;
    const finish: Finish = (error, result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The connection is free before the caller hears back, so its next request can use it.
      const next = this.waiting.shift();
      if (next) this.sendOn(connection, next.id, next.done);
      else this.idle.push(connection);
      done(error, result);
    };
    const timer = setTimeout(() => {
      connection.abort();
      finish('timeout');
    }, this.options.timeoutMs);
    const length = this.template.fixedBytes + digitsOf(id);
    connection.send(`${this.headPrefix}${length}\r\n\r\n${body}`, this.responseHandler(connection, id, finish));
  }

  private responseHandler(connection: Http1Connection, id: number, finish: Finish): ResponseHandler {
    let status = 0;
    let bytes = 0;
    let chunks: Buffer[] = [];
    let stream: SseParser | undefined;
    let decoder: StringDecoder | undefined;
    return {
      head: (code, contentType) => {
        status = code;
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
