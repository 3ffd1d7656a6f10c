/**
 * An HTTP request whose bytes go out only on a connection that is still open.
 *
 * A server closes a kept-alive connection once it has been idle for its keep-alive timeout. A busy
 * event loop may not have read that close yet when it hands the socket to the next request: the
 * request is written on a dead connection and fails ("socket hang up", ECONNRESET), although the
 * server never read it. Retrying such a failure is not safe for MCP POSTs: a server that read the
 * request and then crashed or dropped the connection (a tools/call it choked on) fails the same way,
 * on a reused socket, before any byte of answer, and must neither get the request twice nor have
 * its failure hidden. So the request is not retried; it is written late instead:
 *
 * - On a reused socket, only after one more turn of the event loop, whose timers have run and whose
 *   I/O has been polled: a close the server sent before then is read first, and so is the timer
 *   that retires a socket idle past the server's `Keep-Alive: timeout` hint (Node's agent arms it
 *   one second short of the hint; a busy loop runs it late).
 * - If the socket did not survive that turn, nothing was written on it: the request goes out on
 *   another connection. Once written, a failure is the server's and is reported as it is.
 *
 * What remains is a server closing the connection in the instant between that turn and the write;
 * against a server that announces its timeout, the agent's one-second margin keeps clear of it.
 */

import http from 'node:http';
import https from 'node:https';

export interface RequestHandlers {
  onResponse(res: http.IncomingMessage): void;
  /** The request failed once written (or on a new connection): it is not sent again. */
  onError(error: NodeJS.ErrnoException): void;
}

export class RequestOnOpenSocket {
  private request: http.ClientRequest;
  /** Whether the current attempt's bytes were handed to its socket. */
  private written = false;
  private abandoned = false;

  constructor(
    private readonly url: URL,
    private readonly options: http.RequestOptions,
    private readonly body: Buffer | undefined,
    private readonly handlers: RequestHandlers,
  ) {
    this.request = this.start();
  }

  /** Abandons the request (its deadline passed); whatever it fails with later is not reported. */
  destroy(): void {
    this.abandoned = true;
    this.request.destroy();
  }

  private start(): http.ClientRequest {
    const client = this.url.protocol === 'https:' ? https : http;
    const request = client.request(this.url, this.options, (res) => this.handlers.onResponse(res));
    request.on('error', (error: NodeJS.ErrnoException) => this.onError(request, error));
    this.written = false;
    // The agent hands out a kept-alive socket synchronously, so this is known at once.
    if (request.reusedSocket) this.writeOnceOpen(request);
    else this.write(request);
    return request;
  }

  private write(request: http.ClientRequest): void {
    this.written = true;
    request.end(this.body);
  }

  private writeOnceOpen(request: http.ClientRequest): void {
    let retired = false;
    const onTimeout = (): void => void (retired = true);
    request.once('socket', (socket) => socket.once('timeout', onTimeout));
    afterNextTurn(() => {
      const socket = request.socket;
      socket?.off('timeout', onTimeout);
      if (this.abandoned || request !== this.request) return;
      if (socket && !retired && !socket.destroyed && socket.writable) return this.write(request);
      request.destroy();
      this.request = this.start();
    });
  }

  private onError(request: http.ClientRequest, error: NodeJS.ErrnoException): void {
    if (this.abandoned || request !== this.request) return;
    // A kept-alive socket found closed before anything was written on it.
    if (!this.written) this.request = this.start();
    else this.handlers.onError(error);
  }
}

/**
 * Runs `fn` after one more turn of the event loop: an immediate runs after this turn's I/O poll,
 * and the one it schedules after the next turn's timers and poll.
 */
function afterNextTurn(fn: () => void): void {
  setImmediate(() => setImmediate(fn));
}
