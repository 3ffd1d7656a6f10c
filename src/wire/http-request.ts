/** What goes out on an HTTP request: its body and, assembled in one place, its headers. */

import type { OutgoingMessage } from './exchange.js';

/**
 * What every JSON-RPC POST says of itself: its body is JSON, and it accepts the answer as JSON or
 * as an event stream, as a client must (basic/transports/streamable-http).
 */
export const JSON_RPC_POST_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

/** The body's bytes; GET and DELETE carry none. */
export function requestBody(message: OutgoingMessage): Buffer | undefined {
  return message.httpMethod === 'GET' || message.httpMethod === 'DELETE' ? undefined : Buffer.from(message.body, 'utf8');
}

/**
 * Every header of a request: the user's own (credentials, typically) on every request, under the
 * probe's, so a probe that sends a header of the same name, in any case, decides its value; then
 * Content-Length for a body, unless the probe set one. `userHeaderNames`: the user's headers that
 * went out, for the evidence, which never shows their values.
 */
export function requestHeaders(
  message: OutgoingMessage,
  userHeaders: Record<string, string> = {},
  body?: Buffer,
): { headers: Record<string, string | number>; userHeaderNames: string[] } {
  const probeNames = new Set(Object.keys(message.headers ?? {}).map((name) => name.toLowerCase()));
  const user = Object.entries(userHeaders).filter(([name]) => !probeNames.has(name.toLowerCase()));
  const headers: Record<string, string | number> = { ...Object.fromEntries(user), ...message.headers };
  if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) headers['Content-Length'] = body.length;
  return { headers, userHeaderNames: user.map(([name]) => name) };
}
