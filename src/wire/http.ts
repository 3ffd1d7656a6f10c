/**
 * Streamable HTTP transport with full control of method, headers and body, so checks can send
 * deliberately wrong requests. Each request is one round trip (http-round-trip.ts): JSON and SSE
 * bodies read under a size cap and a deadline, every exchange timed.
 */

import http from 'node:http';
import https from 'node:https';
import { withCredentials, type TokenProvider } from './credentials.js';
import { WireError } from './errors.js';
import type { CloseInfo, Connection, Exchange, OutgoingMessage } from './exchange.js';
import { sendHttp, type RoundTripOptions } from './http-round-trip.js';
import { LoggedConnection } from './received-log.js';

export interface HttpOptions extends RoundTripOptions {
  /** false: keep no log in `exchanges` and `received` (see ConnectOptions.keepLog). */
  keepLog?: boolean;
  /** Whoever holds the server's credentials (see ConnectOptions.credentials). */
  credentials?: TokenProvider;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = { timeoutMs: 10_000, maxResponseBytes: 4 * 1024 * 1024 };

/**
 * How long a kept-alive socket may sit idle before it is retired, unless the server announces less
 * (`Keep-Alive: timeout=N`: the agent then retires it a second before N). Node's agent reads that
 * hint only when it has a timeout of its own; without one it reused sockets the server had closed.
 * 4 s, as undici's default, below the 5 s most servers keep an idle connection open. On a socket in
 * use the timeout only emits an event nothing acts on: a request keeps its own deadline.
 */
export const IDLE_SOCKET_MS = 4_000;

export class HttpConnection extends LoggedConnection implements Connection {
  readonly transport = 'http' as const;
  private readonly url: URL;
  private readonly agent: http.Agent;

  constructor(
    endpoint: string,
    private readonly options: HttpOptions = DEFAULT_HTTP_OPTIONS,
  ) {
    super(options.keepLog);
    this.url = parseHttpUrl(endpoint);
    const Agent = this.url.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: 16, timeout: IDLE_SOCKET_MS });
  }

  get endpoint(): string {
    return this.url.href;
  }

  /** One request; a 401 to the provider's credentials is sent once more when it has renewed them (credentials.ts). */
  async exchange(message: OutgoingMessage): Promise<Exchange> {
    const sent = await withCredentials(
      this.options.credentials,
      message.headers,
      (tokenHeaders) => sendHttp(this.url, this.agent, message, { ...this.options, tokenHeaders }),
      (answer) => ({ status: answer.status, challenge: answer.headers['www-authenticate'] }),
    );
    const exchange = sent.answer;
    if (sent.retried) exchange.reauthorized = true;
    if (sent.problem !== undefined) exchange.credentialsProblem = sent.problem;
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
