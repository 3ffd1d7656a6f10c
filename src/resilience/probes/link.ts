/**
 * The probes' hold on the server: a valid-request client plus a way to send exactly the bytes a
 * probe wants, over either transport. A stdio server that dies under a probe is restarted, so the
 * remaining probes still run; an HTTP server cannot be restarted from here.
 */

import { HEADERS, PROTOCOL_VERSION } from '../../spec/protocol.js';
import type { Exchange, OutgoingMessage } from '../../wire/exchange.js';
import { HttpConnection, parseHttpUrl } from '../../wire/http.js';
import { JSON_RPC_POST_HEADERS } from '../../wire/http-request.js';
import type { JsonRpcId } from '../../wire/jsonrpc.js';
import { ModernClient, encodeHeaderValue } from '../../wire/modern-client.js';
import type { ConnectOptions, Target } from '../../wire/target.js';
import { sendHttpBytes, type HttpSendMode } from './raw-http.js';
import { StdioConnection } from '../../wire/stdio.js';

export interface RawMessage {
  /** A Buffer is sent byte for byte (it may be invalid UTF-8); a string as UTF-8. */
  body: string | Buffer;
  /** How evidence shows a Buffer body. */
  shown?: string;
  /** The method the routing headers name (HTTP). */
  method: string;
  /** The Mcp-Name header value, for tools/call. */
  name?: string;
  /** The Mcp-Param-* headers of the call's x-mcp-header arguments (see spec/param-headers.ts). */
  paramHeaders?: Record<string, string>;
  awaitId?: JsonRpcId | null;
  /** Ends the exchange at the first message this accepts (a batch answer, an error with id null). */
  endWhen?: (message: unknown) => boolean;
  timeoutMs?: number;
}

interface LinkBase {
  readonly client: ModernClient;
  readonly endpoint: string;
  send(message: RawMessage): Promise<Exchange>;
  close(): Promise<void>;
}

export interface HttpLink extends LinkBase {
  readonly kind: 'http';
  /** Sends the request and goes away before the answer (see HttpSendMode). */
  abandon(message: RawMessage, mode: Exclude<HttpSendMode, 'complete'>): Promise<Exchange>;
  /** A client on a connection of its own, for load from many sockets at once. */
  freshClient(): ModernClient;
}

export interface StdioLink extends LinkBase {
  readonly kind: 'stdio';
  readonly hasExited: boolean;
  /** Ends the current process (if still running) and starts a new one. */
  restart(): Promise<void>;
  /** stderr of every process started so far, most recent last. */
  readonly stderrTail: string;
}

export type ProbeLink = HttpLink | StdioLink;

/** The routing headers a 2026-07-28 client sends, for probes that build their own body. */
export function probeHeaders(method: string, name?: string): Record<string, string> {
  const headers: Record<string, string> = {
    ...JSON_RPC_POST_HEADERS,
    [HEADERS.protocolVersion]: PROTOCOL_VERSION,
    [HEADERS.method]: method,
  };
  if (name !== undefined) headers[HEADERS.name] = encodeHeaderValue(name);
  return headers;
}

function outgoing(message: RawMessage, shown: string, headers?: Record<string, string>): OutgoingMessage {
  return { body: shown, headers, awaitId: message.awaitId, endWhen: message.endWhen, timeoutMs: message.timeoutMs, audited: false };
}

export async function openLink(target: Target, options: ConnectOptions): Promise<ProbeLink> {
  return target.kind === 'http' ? httpLink(target.url, options) : stdioLink(target, options);
}

function httpLink(endpoint: string, options: ConnectOptions): HttpLink {
  const url = parseHttpUrl(endpoint);
  const httpOptions = {
    timeoutMs: options.timeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    extraHeaders: options.headers,
    credentials: options.credentials,
  };
  const connection = new HttpConnection(endpoint, httpOptions);
  const extraConnections: HttpConnection[] = [];
  const bytes = (message: RawMessage, mode: HttpSendMode): Promise<Exchange> => {
    const headers = { ...probeHeaders(message.method, message.name), ...message.paramHeaders };
    const body = typeof message.body === 'string' ? Buffer.from(message.body, 'utf8') : message.body;
    const shown = { ...outgoing(message, message.shown ?? body.toString('utf8'), headers), headers };
    return sendHttpBytes(url, {
      bytes: body,
      shown,
      extraHeaders: options.headers,
      credentials: options.credentials,
      maxResponseBytes: options.maxResponseBytes,
      timeoutMs: message.timeoutMs ?? options.timeoutMs,
      mode,
    });
  };
  return {
    kind: 'http',
    client: new ModernClient(connection),
    endpoint: connection.endpoint,
    send(message) {
      if (typeof message.body !== 'string') return bytes(message, 'complete');
      return connection.exchange(
        outgoing(message, message.body, { ...probeHeaders(message.method, message.name), ...message.paramHeaders }),
      );
    },
    abandon: bytes,
    freshClient() {
      const fresh = new HttpConnection(endpoint, httpOptions);
      extraConnections.push(fresh);
      return new ModernClient(fresh);
    },
    async close() {
      await Promise.all([connection, ...extraConnections].map((c) => c.close()));
    },
  };
}

async function stdioLink(target: Target & { kind: 'stdio' }, options: ConnectOptions): Promise<StdioLink> {
  const start = (): Promise<StdioConnection> =>
    StdioConnection.start(target.command, {
      timeoutMs: options.timeoutMs,
      maxLineBytes: options.maxResponseBytes,
      cwd: target.cwd,
      env: target.env,
    });
  let connection = await start();
  let client = new ModernClient(connection);
  let previousStderr = '';
  return {
    kind: 'stdio',
    endpoint: target.command,
    get client() {
      return client;
    },
    get hasExited() {
      return connection.hasExited;
    },
    get stderrTail() {
      return (previousStderr + connection.stderrTail).slice(-8_000);
    },
    send(message) {
      if (typeof message.body === 'string') return connection.exchange(outgoing(message, message.body));
      return connection.exchange({
        ...outgoing(message, message.shown ?? message.body.toString('utf8')),
        rawBytes: Buffer.concat([message.body, Buffer.from('\n')]),
      });
    },
    async restart() {
      await connection.close({ eofGraceMs: 200 });
      previousStderr += connection.stderrTail;
      connection = await start();
      client = new ModernClient(connection);
    },
    async close() {
      await connection.close({ eofGraceMs: 1_000 });
    },
  };
}
