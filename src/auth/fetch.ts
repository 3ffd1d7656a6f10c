/**
 * The only way auth/ reaches the network: oauth4webapi's requests go through `customFetch`, which
 * this module provides with a deadline, a byte cap on the body and no redirects. A protected
 * server names its authorization server itself, so every answer here may come from a hostile host.
 */

import { isIP } from 'node:net';
import { customFetch, allowInsecureRequests, type CustomFetchOptions } from 'oauth4webapi';
import { OAuthError } from './errors.js';

export interface FetchLimits {
  timeoutMs: number;
  /** The largest body read from a metadata document or a token endpoint. */
  maxBytes: number;
}

/** Metadata and token answers are a few kilobytes; a megabyte is a server that is not one. */
export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

/** What oauth4webapi hands its fetch: GETs of metadata, form POSTs to the token endpoint. */
type FetchInit = CustomFetchOptions<string, URLSearchParams | undefined>;

/**
 * Options for an oauth4webapi request: bounded, and plain HTTP allowed only to this machine (a CI
 * issuer on 127.0.0.1); anywhere else the spec's HTTPS rule holds and oauth4webapi refuses.
 * `onBody` sees the raw body before anything parses it (the token endpoint's answer is registered
 * as a secret there, the moment it exists).
 */
export function requestOptions(
  url: URL,
  limits: FetchLimits,
  onBody?: (body: string) => void,
): { [customFetch]: (url: string, init: FetchInit) => Promise<Response>; [allowInsecureRequests]?: boolean } {
  return {
    [customFetch]: (target: string, init: FetchInit) => boundedFetch(target, init, limits, onBody),
    ...(isLoopback(url) ? { [allowInsecureRequests]: true } : {}),
  };
}

export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** A GET of a metadata document this module builds itself (a PRM URL from a challenge), bounded like the rest. */
export function boundedGet(url: URL, limits: FetchLimits): Promise<Response> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) {
    return Promise.reject(new OAuthError(`${url.href} is not an https URL (plain http is allowed only on this machine)`, 'discovery'));
  }
  return boundedFetch(url.href, { method: 'GET', body: undefined, headers: { accept: 'application/json' }, redirect: 'manual' }, limits);
}

async function boundedFetch(target: string, init: FetchInit, limits: FetchLimits, onBody?: (body: string) => void): Promise<Response> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  let response: Response;
  try {
    response = await fetch(target, { ...init, redirect: 'manual', signal });
  } catch (error) {
    throw new OAuthError(describeFailure(target, error, deadline.aborted, limits), 'discovery');
  }
  const bytes = await readCapped(response, target, limits, deadline);
  if (onBody) onBody(new TextDecoder().decode(bytes));
  // A 204 or 304 may carry no body, even an empty one.
  const body = [101, 204, 205, 304].includes(response.status) ? null : bytes;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function readCapped(
  response: Response,
  target: string,
  limits: FetchLimits,
  deadline: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel();
        throw new OAuthError(
          `${new URL(target).origin} answered more than ${limits.maxBytes} bytes; no metadata or token answer is that large`,
          'discovery',
        );
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError(describeFailure(target, error, deadline.aborted, limits), 'discovery');
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function describeFailure(target: string, error: unknown, timedOut: boolean, limits: FetchLimits): string {
  const where = new URL(target).origin;
  if (timedOut) return `${where} did not answer within ${limits.timeoutMs} ms`;
  const cause =
    error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  return `${where} could not be reached: ${cause}`;
}
