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
 * Every header of a request: the user's own (`--header`, typically credentials) on every request,
 * the credential provider's (an OAuth token) over them, and the probe's over both, so a probe that
 * sends a header of the same name, in any case, decides its value; then Content-Length for a body,
 * unless the probe set one. `userHeaderNames`: the user's and the provider's headers that went out,
 * for the evidence, which never shows their values.
 */
export function requestHeaders(
  message: OutgoingMessage,
  userHeaders: Record<string, string> = {},
  body?: Buffer,
  tokenHeaders: Record<string, string> = {},
): { headers: Record<string, string | number>; userHeaderNames: string[] } {
  const probeNames = lowerNames(message.headers ?? {});
  const tokenNames = lowerNames(tokenHeaders);
  const token = Object.entries(tokenHeaders).filter(([name]) => !probeNames.has(name.toLowerCase()));
  const user = Object.entries(userHeaders).filter(([name]) => !probeNames.has(name.toLowerCase()) && !tokenNames.has(name.toLowerCase()));
  const headers: Record<string, string | number> = { ...Object.fromEntries(user), ...Object.fromEntries(token), ...message.headers };
  if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) headers['Content-Length'] = body.length;
  return { headers, userHeaderNames: [...user, ...token].map(([name]) => name) };
}

function lowerNames(headers: Record<string, string>): Set<string> {
  return new Set(Object.keys(headers).map((name) => name.toLowerCase()));
}
