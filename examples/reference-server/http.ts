/**
 * Streamable HTTP transport of 2026-07-28: one endpoint, POST only, one message per POST, no
 * sessions and no GET stream. Transport-level rules (path, Origin, size cap, SSE framing) live
 * here; everything about the JSON-RPC content is decided by the protocol core.
 */

import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, HEADERS } from '../../src/spec/protocol.js';
import { MAX_MESSAGE_BYTES, isBroken, simulateCrash, type ServerConfig } from './config.js';
import { deliverReply } from './delivery.js';
import { errorResponse, type OutgoingMessage } from './jsonrpc.js';
import { authorize, wellKnownDocument } from './oauth.js';
import { parseErrorOutcome, type Outcome, type ReferenceServer } from './server.js';
import { messageRunner } from './worker-pool.js';

export const MCP_PATH = '/mcp';
const KEEP_ALIVE_MS = 15_000;

/** DNS-rebinding defence: a browser page may only reach this local server from a local origin. */
const LOCAL_ORIGIN = /^(?:https?:\/\/(?:localhost|127\.0\.0\.1)|http:\/\/\[::1\])(?::\d{1,5})?$/;

/** Only a server bound to loopback knows which Host names are its own. */
const LOOPBACK_BIND = /^(?:localhost|127(?:\.\d{1,3}){3}|::1)$/;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

export async function startHttpServer(core: ReferenceServer, config: ServerConfig, host: string, port: number): Promise<RunningHttpServer> {
  // session-id: the variant stamps every response, whatever its status.
  const baseHeaders: Record<string, string> = isBroken(config, 'session-id') ? { [HEADERS.sessionId]: 'ref-session-1' } : {};
  const run = messageRunner(config);
  /** acks-on-first-stream only: the first open listen stream of tools changes. */
  let toolsStream: ServerResponse | undefined;
  const loopbackOnly = LOOPBACK_BIND.test(host);
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error('reference server: request failed:', error);
      if (!res.headersSent) sendJson(res, 500, errorResponse(null, { code: ErrorCode.InternalError, message: 'Internal error' }));
      else res.destroy();
    });
  });

  /** The canonical URI of the endpoint, known once the port is bound: the audience its tokens must name. */
  let resource = '';

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (config.oauth && req.method === 'GET' && path.startsWith('/.well-known/')) {
      const document = wellKnownDocument(path, config.oauth, resource, config);
      if (document) return sendDocument(res, document);
    }
    if (path !== MCP_PATH) {
      return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    }
    if (config.oauth) {
      const refusal = await authorize(req, config.oauth, resource, config);
      if (refusal) {
        if (refusal.challenge) res.setHeader('WWW-Authenticate', refusal.challenge);
        return refuse(res, refusal.status, refusal.message);
      }
    } else if (config.bearerToken !== undefined && req.headers.authorization !== `Bearer ${config.bearerToken}`) {
      // A static token is no OAuth: there is no protected-resource metadata to point at, so none is named.
      res.setHeader('WWW-Authenticate', 'Bearer realm="mcpgate-reference-server"');
      return refuse(res, 401, 'Unauthorized: a bearer token is required');
    }
    // DNS rebinding again: a page on evil.example resolved to 127.0.0.1 still sends its own Host.
    if (loopbackOnly && !LOCAL_HOST.test(req.headers.host ?? '') && !isBroken(config, 'no-host-check')) {
      return refuse(res, 403, `Forbidden: Host ${req.headers.host ?? '(none)'} is not this local server`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !LOCAL_ORIGIN.test(origin) && !isBroken(config, 'no-origin-check')) {
      return refuse(res, 403, `Forbidden: Origin ${origin} is not allowed`);
    }
    if (req.method === 'GET' && isBroken(config, 'get-allowed')) {
      res.writeHead(200, { ...baseHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      return void res.end();
    }
    if (req.method === 'DELETE' && isBroken(config, 'delete-allowed')) {
      // As if a 2025-era session were terminated, although this revision has none to end.
      res.writeHead(200, baseHeaders);
      return void res.end();
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return refuse(res, 405, `${req.method ?? ''} is not supported: POST one JSON-RPC message`);
    }
    const bytes = await readBody(req);
    if (bytes === undefined) {
      if (isBroken(config, 'crash-on-oversized')) simulateCrash('a body over 1 MiB');
      res.setHeader('Connection', 'close');
      return refuse(res, 413, 'Request body exceeds 1 MiB');
    }
    if (isBroken(config, 'crash-on-invalid-utf8') && !isUtf8(bytes)) simulateCrash('a body that is not valid UTF-8');
    let message: unknown;
    try {
      message = JSON.parse(bytes.toString('utf8'));
    } catch {
      if (isBroken(config, 'crash-on-bad-json')) simulateCrash('a body that is not JSON');
      return write(res, parseErrorOutcome());
    }
    // hang-on-batch: no answer at all; the request stays open until the client gives up.
    if (Array.isArray(message) && isBroken(config, 'hang-on-batch')) return;
    const connection = `${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`;
    run(() => write(res, core.handle(message, { headers: flattenHeaders(req, config), connection })));
  }

  function write(res: ServerResponse, outcome: Outcome): void {
    if (outcome.kind === 'accepted') {
      res.writeHead(202, baseHeaders);
      return void res.end();
    }
    if (outcome.kind === 'subscribe') return openSubscription(res, outcome.acknowledgement, outcome.requested);
    if (!outcome.streamed) return sendJson(res, outcome.httpStatus, outcome.response);
    startEventStream(res, outcome.httpStatus);
    // On HTTP the client cancels a request by closing its stream.
    let closed = false;
    res.on('close', () => (closed = true));
    deliverReply(
      outcome,
      {
        send: (message) => sendEvent(res, message),
        finish: (messages) => res.end(messages.map(eventText).join('')),
        cancelled: () => closed,
      },
      config,
    );
  }

  function openSubscription(res: ServerResponse, acknowledgement: OutgoingMessage, requested: readonly string[]): void {
    if (isBroken(config, 'listen-as-json')) {
      // The body is never ended, the way a server that forgot to switch to SSE holds its reply open.
      res.writeHead(200, { ...baseHeaders, 'Content-Type': 'application/json' });
      res.write(JSON.stringify(acknowledgement));
      return;
    }
    startEventStream(res, 200);
    // acks-on-first-stream: one stream variable for every subscription of a kind, the classic bug
    // (scoped to listens of tools changes alone, so that other probes' subscriptions stay whole).
    const misrouted = isBroken(config, 'acks-on-first-stream') && requested.length === 1 && requested[0] === 'toolsListChanged';
    if (misrouted && toolsStream && !toolsStream.writableEnded) sendEvent(toolsStream, acknowledgement);
    else sendEvent(res, acknowledgement);
    if (misrouted && !toolsStream) {
      toolsStream = res;
      res.on('close', () => (toolsStream = undefined));
    }
    // Idle proxies drop silent connections; comment lines keep the stream alive and carry no message.
    const timer = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    res.on('close', () => clearInterval(timer));
  }

  function startEventStream(res: ServerResponse, status: number): void {
    res.writeHead(status, { ...baseHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
  }

  /** Transport-level refusals carry a JSON-RPC error without id: the message was never read as a request. */
  function refuse(res: ServerResponse, status: number, message: string): void {
    // The 2025-era SDKs answered transport refusals with -32000; the variant keeps that habit.
    const code = isBroken(config, 'legacy-range-code') ? -32000 : ErrorCode.InvalidRequest;
    sendJson(res, status, errorResponse(undefined, { code, message }));
  }

  function sendDocument(res: ServerResponse, document: Record<string, unknown>): void {
    const text = JSON.stringify(document);
    res.writeHead(200, { ...baseHeaders, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  function sendJson(res: ServerResponse, status: number, message: OutgoingMessage): void {
    const text = JSON.stringify(message);
    const contentType = isBroken(config, 'wrong-content-type') ? 'text/plain' : 'application/json';
    res.writeHead(status, { ...baseHeaders, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  await listen(server, host, port);
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  resource = `http://${urlHost}:${address.port}${MCP_PATH}`;
  return { url: resource, close: () => close(server) };
}

function sendEvent(res: ServerResponse, message: OutgoingMessage): void {
  res.write(eventText(message));
}

function eventText(message: OutgoingMessage): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}

/** Resolves undefined when the body is over the cap; the rest is drained so the client sees the 413. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > MAX_MESSAGE_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MESSAGE_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function flattenHeaders(req: IncomingMessage, config: ServerConfig): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  if (isBroken(config, 'case-sensitive-header-names')) {
    // node:http lower-cases req.headers; rawHeaders keeps the client's spelling for an exact lookup.
    for (const name of [HEADERS.method, HEADERS.protocolVersion]) flat[name.toLowerCase()] = exactRawHeader(req.rawHeaders, name);
  }
  return flat;
}

/** rawHeaders alternates name and value; only a name spelled exactly like `name` counts. */
function exactRawHeader(rawHeaders: readonly string[], name: string): string | undefined {
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index] === name) return rawHeaders[index + 1];
  }
  return undefined;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Open subscription streams would otherwise hold close() forever.
    server.closeAllConnections();
  });
}
