/**
 * Everything the proxy writes back to its client: relayed answers, its own refusals, and the
 * faulty answers. Each writer reports what went out, for the event log.
 */

import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../spec/protocol.js';
import type { JsonRpcId } from '../../wire/jsonrpc.js';
import { EXCERPT_CHARS } from './events.js';

export interface Written {
  status: number;
  bytes: number;
  excerpt: string;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): Written {
  res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
  return { status, bytes: Buffer.byteLength(body), excerpt: body.slice(0, EXCERPT_CHARS) };
}

export function sendJson(res: ServerResponse, status: number, message: unknown, headers: Record<string, string> = {}): Written {
  return send(res, status, { 'Content-Type': 'application/json', ...headers }, JSON.stringify(message));
}

/** One message as a one-event stream, the way servers answer tools/call over SSE. */
export function sendEvent(res: ServerResponse, status: number, message: unknown): Written {
  return send(
    res,
    status,
    { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    `event: message\ndata: ${JSON.stringify(message)}\n\n`,
  );
}

export function sendAccepted(res: ServerResponse): Written {
  res.writeHead(202);
  res.end();
  return { status: 202, bytes: 0, excerpt: '' };
}

export function errorMessage(id: JsonRpcId | null, code: number, message: string, data?: unknown): unknown {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** The proxy's own refusal: it never passes on what it cannot parse, route or safely forward. */
export function sendRefusal(res: ServerResponse, status: number, id: JsonRpcId | null, code: number, reason: string): Written {
  return sendJson(res, status, errorMessage(id, code, `mcpgate proxy refused the request: ${reason}`, { refusedBy: 'mcpgate-proxy' }));
}

export function sendHttp500(res: ServerResponse, id: JsonRpcId): Written {
  return sendJson(res, 500, errorMessage(id, ErrorCode.InternalError, 'Internal server error'));
}

export function sendToolError(res: ServerResponse, id: JsonRpcId): Written {
  const text = 'Error: the service behind this tool is temporarily unavailable. No data was returned.';
  return sendJson(res, 200, { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }], isError: true, resultType: 'complete' } });
}

/** A 200 that promises JSON and breaks off inside a string: what a crashed serializer leaves behind. */
export function sendMalformedJson(res: ServerResponse, id: JsonRpcId): Written {
  return send(
    res,
    200,
    { 'Content-Type': 'application/json' },
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"Partial resul`,
  );
}

export const EXPIRED_TOKEN_CHALLENGE = 'Bearer error="invalid_token", error_description="The access token expired"';

export function sendExpiredToken(res: ServerResponse, id: JsonRpcId): Written {
  return sendJson(res, 401, errorMessage(id, ErrorCode.InvalidRequest, 'Unauthorized: the access token expired'), {
    'WWW-Authenticate': EXPIRED_TOKEN_CHALLENGE,
  });
}

/**
 * Starts the event that carries the real answer, flushes half of it, then destroys the socket: the
 * server has done the work, the client has a status line and a broken stream, and no answer.
 */
export function sendCutStream(res: ServerResponse, message: unknown): Promise<Written> {
  const event = `event: message\ndata: ${JSON.stringify(message)}\n\n`;
  const partial = event.slice(0, Math.max(1, Math.floor(event.length / 2)));
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  return new Promise((resolve) => {
    res.write(partial, () => {
      res.socket?.destroy();
      resolve({ status: 200, bytes: Buffer.byteLength(partial), excerpt: partial.slice(0, EXCERPT_CHARS) });
    });
  });
}
