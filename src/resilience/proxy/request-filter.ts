/**
 * Which HTTP requests the proxy serves at all. It listens on 127.0.0.1 and adds the user's
 * credentials upstream, so a web page open in the user's browser must not be able to drive it:
 * a page can send a CORS "simple request" (text/plain body, its own Origin) without a preflight,
 * and through DNS rebinding a page's own host name can resolve to 127.0.0.1. So, before its body
 * is read or anything forwarded, a request is refused when its Host is not the proxy's own
 * address or it carries an Origin other than the proxy's own (any path, any method), and a POST
 * to the endpoint when its body is not declared application/json (a page can send that only after
 * a CORS preflight, which the proxy never grants).
 */

import type { IncomingMessage } from 'node:http';
import { cutAfter } from '../../shared/cut.js';

export interface FilterRefusal {
  status: 403 | 415;
  reason: string;
}

/** The names a client on this machine reaches the proxy by; it listens on 127.0.0.1 only. */
const OWN_HOSTS = ['127.0.0.1', 'localhost'];
/** Enough of a refused header to recognise it; the rest would only lengthen the event log. */
const SHOWN_CHARS = 100;

export function refuseForeignCaller(req: IncomingMessage, port: number): FilterRefusal | undefined {
  const ownHosts = OWN_HOSTS.map((host) => `${host}:${port}`);
  const host = (req.headers.host ?? '').toLowerCase();
  if (!ownHosts.includes(host)) {
    return { status: 403, reason: `the Host header ${shown(req.headers.host ?? '')} is not the proxy's own (${ownHosts.join(' or ')})` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !ownHosts.some((own) => origin.toLowerCase() === `http://${own}`)) {
    return { status: 403, reason: `requests from the origin ${shown(origin)} are not served; only the proxy's own origin may call it` };
  }
  return undefined;
}

export function refuseNonJsonBody(req: IncomingMessage): FilterRefusal | undefined {
  const declared = req.headers['content-type'];
  if (mediaType(declared) === 'application/json') return undefined;
  return {
    status: 415,
    reason: `the body must be declared Content-Type: application/json, got ${declared === undefined ? 'none' : shown(declared)}`,
  };
}

/** The media type without its parameters: `application/json; charset=utf-8` is application/json. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function shown(value: string): string {
  return JSON.stringify(cutAfter(value, SHOWN_CHARS));
}
