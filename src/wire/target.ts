/** Where the server under test lives, and how to open a connection to it. */

import type { TokenProvider } from './credentials.js';
import type { Connection } from './exchange.js';
import { DEFAULT_HTTP_OPTIONS, HttpConnection, parseHttpUrl } from './http.js';
import { DEFAULT_STDIO_OPTIONS, StdioConnection } from './stdio.js';

export type Target =
  | { kind: 'http'; url: string }
  /** `env`: variables the server gets on top of the least environment; a name mapped to undefined copies mcpgate's value. */
  | { kind: 'stdio'; command: string; cwd?: string; env?: Record<string, string | undefined> };

export interface ConnectOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** HTTP only: extra headers on every request, e.g. Authorization. */
  headers?: Record<string, string>;
  /**
   * HTTP only: whoever holds the server's OAuth credentials. Its token goes on every request (over
   * `headers`), is renewed before it expires, and a request it made that got 401 is retried once.
   */
  credentials?: TokenProvider;
  /**
   * false: the connection keeps no log of its exchanges and messages. The audits of layer 0 read that
   * log; the model layers send thousands of tool calls and never do, and their memory must stay flat.
   */
  keepLog?: boolean;
}

export const DEFAULT_CONNECT_OPTIONS: ConnectOptions = {
  timeoutMs: DEFAULT_HTTP_OPTIONS.timeoutMs,
  maxResponseBytes: DEFAULT_HTTP_OPTIONS.maxResponseBytes,
};

export function describeTarget(target: Target): string {
  return target.kind === 'http' ? target.url : target.command;
}

/** Validates the target up front so a bad URL is a usage error, not a failed check. */
export function validateTarget(target: Target): void {
  if (target.kind === 'http') parseHttpUrl(target.url);
}

export async function connect(target: Target, options: ConnectOptions = DEFAULT_CONNECT_OPTIONS): Promise<Connection> {
  if (target.kind === 'http') {
    return new HttpConnection(target.url, {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      extraHeaders: options.headers,
      keepLog: options.keepLog,
      credentials: options.credentials,
    });
  }
  return StdioConnection.start(target.command, {
    ...DEFAULT_STDIO_OPTIONS,
    timeoutMs: options.timeoutMs,
    maxLineBytes: options.maxResponseBytes,
    cwd: target.cwd,
    env: target.env,
    keepLog: options.keepLog,
  });
}
