/**
 * The fault-injection proxy: an HTTP server on 127.0.0.1 that speaks Streamable HTTP (2026-07-28)
 * to its client and forwards to the real server over HTTP or stdio. It routes only the methods a
 * client of tools needs; anything it cannot parse or route is refused, never passed through, and
 * a tools/call is forwarded only when the safety rule allows the tool (see tool-call.ts).
 */

import { PARAM_HEADER_PREFIX } from '../../spec/param-headers.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ProxyEvent } from '../../report/model.js';
import { ErrorCode } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { type JsonRpcId } from '../../wire/jsonrpc.js';
import type { ServerTool } from '../../spec/tool.js';
import type { ConnectOptions, Target } from '../../wire/target.js';
import { EventLog } from './events.js';
import { EMPTY_PLAN, OccurrenceCounter, type ProxyPlan } from './faults.js';
import { StateMemory } from './mrtr-faults.js';
import { TokenRevocation } from './token-faults.js';
import { errorMessage, sendAccepted, sendEvent, sendJson, sendRefusal, type Written } from './replies.js';
import { refuseForeignCaller, refuseNonJsonBody } from './request-filter.js';
import { handleToolCall } from './tool-call.js';
import { ProxyStartError, Upstream, type UpstreamReply } from './upstream.js';

export const PROXY_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Read-side methods a tool-using client needs; subscriptions and removed methods are not routed. */
const ROUTED_METHODS = new Set([
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
]);

/**
 * Request headers relayed upstream, with the Mcp-Param-* headers of x-mcp-header parameters (the
 * upstream holds them equal to the body); everything else (cookies, origin, hop-by-hop) stays behind.
 */
const RELAYED_HEADERS = ['Content-Type', 'Accept', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Authorization'];
const RELAYED_PREFIX = PARAM_HEADER_PREFIX.toLowerCase();

export interface FaultProxyOptions {
  upstream: Target;
  /** How the proxy talks to the upstream: timeouts, size caps, extra headers (credentials). */
  connect: ConnectOptions;
  /** Tools forwarded although not annotated read-only or non-destructive. */
  allowTools?: readonly string[];
  /** 0 (default) picks a free port. */
  port?: number;
  plan?: ProxyPlan;
}

export interface FaultProxy {
  /** The MCP endpoint, http://127.0.0.1:PORT/mcp. */
  readonly url: string;
  readonly port: number;
  /** The upstream's tools as it listed them. */
  readonly tools: readonly ServerTool[];
  /** The upstream URL or command line. */
  readonly upstream: string;
  readonly events: readonly ProxyEvent[];
  /** Replaces the plan, restarts the occurrence counts, and returns a mark for eventsSince. */
  arm(plan: ProxyPlan): number;
  eventsSince(mark: number): ProxyEvent[];
  close(): Promise<void>;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const log = new EventLog();
  const sockets = new Set<Socket>();
  let plan = options.plan ?? EMPTY_PLAN;
  let counter = new OccurrenceCounter();
  let states = new StateMemory();
  let revocation = new TokenRevocation();
  let upstream: Upstream | undefined;
  const allowTools = new Set(options.allowTools ?? []);
  let toolsByName = new Map<string, ServerTool>();
  /** Known once listening, which is before any request can arrive. */
  let port = 0;

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, errorMessage(null, ErrorCode.InternalError, `mcpgate proxy failed: ${(error as Error).message}`));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const finish = (event: ProxyEvent, written: Written | undefined): void => {
      if (!written) return;
      Object.assign(event, {
        status: written.status,
        bytesOut: written.bytes,
        replyExcerpt: written.excerpt,
        durationMs: performance.now() - started,
      });
    };
    const refuse = (status: number, id: JsonRpcId | null, code: number, reason: string, method: string, bytesIn = 0): void => {
      finish(log.add({ method, refused: reason, bytesIn }), sendRefusal(res, status, id, code, reason));
    };

    const foreign = refuseForeignCaller(req, port);
    if (foreign) return refuse(foreign.status, null, ErrorCode.InvalidRequest, foreign.reason, '(http)');
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== PROXY_PATH)
      return refuse(404, null, ErrorCode.InvalidRequest, `no MCP endpoint at ${req.url ?? '/'}; use ${PROXY_PATH}`, '(http)');
    if (req.method !== 'POST')
      return refuse(405, null, ErrorCode.InvalidRequest, `${req.method ?? ''} is not routed; POST one JSON-RPC message`, '(http)');
    const notJson = refuseNonJsonBody(req);
    if (notJson) return refuse(notJson.status, null, ErrorCode.InvalidRequest, notJson.reason, '(http)');
    const body = await readBody(req);
    if (body === undefined) return refuse(413, null, ErrorCode.InvalidRequest, `the body exceeds ${MAX_BODY_BYTES} bytes`, '(http)');
    const bytesIn = Buffer.byteLength(body);
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return refuse(400, null, ErrorCode.ParseError, 'the body is not JSON', '(unparsable)', bytesIn);
    }
    if (Array.isArray(message)) return refuse(400, null, ErrorCode.InvalidRequest, 'JSON-RPC batches are not routed', '(batch)', bytesIn);
    if (!isRecord(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') {
      return refuse(400, null, ErrorCode.InvalidRequest, 'not a JSON-RPC 2.0 request or notification', '(invalid)', bytesIn);
    }
    const method = message.method;
    const hasId = 'id' in message;
    if (hasId && typeof message.id !== 'string' && typeof message.id !== 'number') {
      return refuse(400, null, ErrorCode.InvalidRequest, 'the request id must be a string or a number', method, bytesIn);
    }
    const id = (hasId ? message.id : null) as JsonRpcId | null;
    if (hasId && !ROUTED_METHODS.has(method))
      return refuse(404, id, ErrorCode.MethodNotFound, `${method} is not routed by the fault proxy`, method, bytesIn);
    if (!upstream) return refuse(503, id, ErrorCode.InternalError, 'the proxy is not connected to its upstream yet', method, bytesIn);
    const headers = relayedHeaders(req);
    const relay = (reply: UpstreamReply): Written => relayReply(res, id, reply);

    if (method === 'tools/call' && id !== null) {
      let event: ProxyEvent | undefined;
      const outcome = await handleToolCall({
        res,
        id,
        message,
        headers,
        tools: toolsByName,
        allowTools,
        plan,
        counter,
        states,
        revocation,
        upstream,
        relay,
        record: (fields) => (event = log.add({ method, requestId: id, bytesIn, ...fields })),
        hold: (held) =>
          held.once('close', () => {
            if (event) event.durationMs = performance.now() - started;
          }),
      });
      return finish(outcome.event, outcome.written);
    }
    const event = log.add({ method, ...(hasId ? { requestId: id } : {}), bytesIn });
    const reply = await upstream.forward(message, headers);
    event.upstreamExecuted = reply.response !== undefined || (!hasId && reply.error === undefined);
    finish(event, hasId ? relay(reply) : sendAccepted(res));
  }

  try {
    await listen(server, options.port ?? 0);
  } catch (error) {
    throw portError(error, options.port ?? 0);
  }
  port = (server.address() as AddressInfo).port;
  try {
    upstream = await Upstream.open(options.upstream, options.connect);
  } catch (error) {
    await closeServer(server, sockets);
    throw error;
  }
  toolsByName = new Map(upstream.tools.map((t) => [t.name, t]));
  const opened = upstream;

  return {
    url: `http://127.0.0.1:${port}${PROXY_PATH}`,
    port,
    tools: opened.tools,
    upstream: opened.description,
    events: log.events,
    arm(next) {
      plan = next;
      counter = new OccurrenceCounter();
      states = new StateMemory();
      revocation = new TokenRevocation();
      return log.mark();
    },
    eventsSince: (mark) => log.since(mark),
    async close() {
      await closeServer(server, sockets);
      await opened.close();
    },
  };
}

function relayReply(res: ServerResponse, id: JsonRpcId | null, reply: UpstreamReply): Written {
  const challenge: Record<string, string> = reply.challenge ? { 'WWW-Authenticate': reply.challenge } : {};
  if (reply.response)
    return reply.streamed ? sendEvent(res, reply.status, reply.response) : sendJson(res, reply.status, reply.response, challenge);
  const why = reply.error ? reply.error.message : `the upstream answered HTTP ${reply.status} without a JSON-RPC response`;
  return sendJson(res, reply.error ? 502 : reply.status, errorMessage(id, ErrorCode.InternalError, `mcpgate proxy: ${why}`), challenge);
}

function relayedHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const value = req.headers[name.toLowerCase()];
    if (typeof value === 'string') out[name] = value;
  }
  for (const [name, value] of Object.entries(req.headers))
    if (name.startsWith(RELAYED_PREFIX) && typeof value === 'string') out[name] = value;
  return out;
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function portError(error: unknown, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new ProxyStartError(
      'port',
      `the fault proxy cannot listen on 127.0.0.1:${port}: the port is already in use (choose another port, or 0 for a free one)`,
    );
  if (code === 'EACCES')
    return new ProxyStartError(
      'port',
      `the fault proxy may not listen on 127.0.0.1:${port}: permission denied (use a port above 1023, or 0)`,
    );
  return new ProxyStartError('port', `the fault proxy cannot listen on 127.0.0.1:${port}: ${(error as Error).message}`);
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  // Held (hung) and keep-alive connections would keep close() waiting; they are cut instead.
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
