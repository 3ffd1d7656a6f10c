/**
 * One keep-alive HTTP/1.1 connection carrying one request at a time, with a streaming response
 * parser (status line, headers, Content-Length, chunked, or read-until-close bodies).
 *
 * Why not node:http: its client spent about 60 µs of CPU per request here, 2.4x autocannon's
 * (which also speaks HTTP/1.1 on raw sockets); on a 2-core machine shared with the server under
 * test, that CPU comes out of the server's share and the bench measured itself. This parser does
 * the same job with one write per request and no per-request objects beyond the response bytes.
 */

import net from 'node:net';
import tls from 'node:tls';
import { networkErrorKind } from './outcome.js';
import { assertNever } from '../../shared/guards.js';

export interface ResponseHandler {
  /** `challenge`: the WWW-Authenticate header, when there is one (a 401 is retried with renewed credentials). */
  head(status: number, contentType: string | undefined, challenge?: string): void;
  data(chunk: Buffer): void;
  end(): void;
  fail(kind: string): void;
}

export interface Address {
  host: string;
  port: number;
  secure: boolean;
}

type State = 'idle' | 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer' | 'until-close';

const EMPTY = Buffer.alloc(0);
const MAX_HEAD_BYTES = 64 * 1024;

export class Http1Connection {
  private socket: net.Socket | undefined;
  private handler: ResponseHandler | undefined;
  private buffer: Buffer = EMPTY;
  private state: State = 'idle';
  private remaining = 0;
  private closeAfter = false;

  constructor(private readonly address: Address) {}

  send(request: string, handler: ResponseHandler): void {
    this.handler = handler;
    this.state = 'head';
    this.buffer = EMPTY;
    (this.socket ?? this.connect()).write(request);
  }

  /** Abandons the request in flight, if any, and the socket (its answer may still come). */
  abort(): void {
    this.handler = undefined;
    this.state = 'idle';
    this.drop();
  }

  private connect(): net.Socket {
    const { host, port, secure } = this.address;
    const socket = secure ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
    socket.setNoDelay(true);
    let errorCode: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.parse(chunk);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (errorCode = error.code));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.state === 'until-close') this.complete();
      else if (this.handler) this.fail(errorCode === undefined ? 'reset' : networkErrorKind(errorCode));
    });
    this.socket = socket;
    return socket;
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
  }

  private parse(chunk: Buffer): void {
    // A callback may end this request and start the next on this connection: then stop at once.
    const handler = this.handler;
    if (!handler) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      switch (this.state) {
        case 'head': {
          const end = this.buffer.indexOf('\r\n\r\n');
          if (end < 0) return this.buffer.length > MAX_HEAD_BYTES ? this.fail('bad-http') : undefined;
          const head = this.buffer.toString('latin1', 0, end);
          this.buffer = this.buffer.subarray(end + 4);
          if (!this.readHead(head, handler) || this.handler !== handler) return;
          break;
        }
        case 'length':
        case 'chunk-data': {
          const take = Math.min(this.remaining, this.buffer.length);
          if (take > 0) handler.data(take === this.buffer.length ? this.buffer : this.buffer.subarray(0, take));
          if (this.handler !== handler) return;
          this.remaining -= take;
          this.buffer = take === this.buffer.length ? EMPTY : this.buffer.subarray(take);
          if (this.remaining > 0) return;
          if (this.state === 'length') return this.complete();
          this.state = 'chunk-end';
          break;
        }
        case 'chunk-size': {
          const end = this.buffer.indexOf('\r\n');
          if (end < 0) return;
          // parseInt stops at a chunk extension (";name=value"), which may be ignored.
          const size = parseInt(this.buffer.toString('latin1', 0, end), 16);
          if (!Number.isFinite(size) || size < 0) return this.fail('bad-http');
          this.buffer = this.buffer.subarray(end + 2);
          this.remaining = size;
          this.state = size === 0 ? 'trailer' : 'chunk-data';
          break;
        }
        case 'chunk-end':
          if (this.buffer.length < 2) return;
          this.buffer = this.buffer.subarray(2);
          this.state = 'chunk-size';
          break;
        case 'trailer': {
          const end = this.buffer.indexOf('\r\n');
          if (end < 0) return;
          this.buffer = this.buffer.subarray(end + 2);
          if (end === 0) return this.complete();
          break;
        }
        case 'until-close':
          handler.data(this.buffer);
          if (this.handler === handler) this.buffer = EMPTY;
          return;
        case 'idle':
          return;
        default:
          assertNever(this.state, 'HTTP/1 reader state');
      }
    }
  }

  /** Reads the status line and the framing headers; false when the response is already complete. */
  private readHead(head: string, handler: ResponseHandler): boolean {
    const status = Number(head.slice(9, 12));
    if (!head.startsWith('HTTP/1.') || !Number.isInteger(status)) {
      this.fail('bad-http');
      return false;
    }
    // An interim 1xx response precedes the real one.
    if (status < 200) return true;
    // The framing headers looked up in the lower-cased head, rather than every line split and
    // trimmed: this runs once per request of a load run.
    const lower = head.toLowerCase();
    const lengthValue = headerValue(head, lower, 'content-length');
    const length = lengthValue === undefined ? undefined : Number(lengthValue);
    const chunked = headerValue(head, lower, 'transfer-encoding')?.toLowerCase().includes('chunked') ?? false;
    const contentType = headerValue(head, lower, 'content-type')?.toLowerCase();
    const connection = headerValue(head, lower, 'connection')?.toLowerCase();
    this.closeAfter = connection === undefined ? head.startsWith('HTTP/1.0') : connection === 'close';
    const challenge = status === 401 ? headerValue(head, lower, 'www-authenticate') : undefined;
    handler.head(status, contentType, challenge);
    if (this.handler !== handler) return false;
    if (chunked) this.state = 'chunk-size';
    else if (length !== undefined && Number.isInteger(length) && length >= 0) {
      this.remaining = length;
      this.state = 'length';
      if (length === 0) {
        this.complete();
        return false;
      }
    } else if (status === 204 || status === 304) {
      this.complete();
      return false;
    } else this.state = 'until-close';
    return true;
  }

  private complete(): void {
    const handler = this.handler;
    this.handler = undefined;
    this.state = 'idle';
    this.buffer = EMPTY;
    if (this.closeAfter) this.drop();
    handler?.end();
  }

  private fail(kind: string): void {
    const handler = this.handler;
    this.handler = undefined;
    this.state = 'idle';
    this.drop();
    handler?.fail(kind);
  }
}

/**
 * The value of the first header `name` (lower case) of a response head, trimmed, as the head writes
 * it; undefined when absent. `lower` is the head lower-cased, where the name is looked for. Optional
 * whitespace is allowed before the colon, as the line-by-line reading allowed it.
 */
function headerValue(head: string, lower: string, name: string): string | undefined {
  for (let from = 0; ;) {
    const at = lower.indexOf(`\r\n${name}`, from);
    if (at < 0) return undefined;
    let colon = at + 2 + name.length;
    while (lower[colon] === ' ' || lower[colon] === '\t') colon++;
    if (lower[colon] === ':') {
      const end = lower.indexOf('\r\n', colon);
      return head.slice(colon + 1, end < 0 ? head.length : end).trim();
    }
    from = at + 2;
  }
}
