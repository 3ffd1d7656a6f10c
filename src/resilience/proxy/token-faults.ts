/**
 * The token faults: the server under test refuses the client's token in the middle of a run, as it
 * does when a token was revoked or its signing key rotated. The proxy forwards the call with the
 * client's bearer token swapped for one the server never issued (a JWT's signature altered, an opaque
 * token reversed), so the 401 and the challenge the client gets are the server's own. `token-refused`
 * does it to one call: a client that gets a new token and retries once recovers. `token-revoked` does
 * it to that call and every tools/call after it in the sample: the retry fails too, and the agent
 * must say that it could not get the data.
 */

import { withAlteredSignature } from '../../auth/adversarial.js';
import type { ProxyEvent } from '../../report/model.js';
import { registerSecret } from '../../shared/redact.js';
import { isResultResponse } from '../../wire/jsonrpc.js';
import type { Upstream, UpstreamReply } from './upstream.js';

/** Which calls a token fault refuses: the one it matched, or that one and every later call of the sample. */
export type TokenRefusal = 'this-call' | 'from-now-on';

/** Whether the client's credentials were revoked in this sample; a new plan starts with them valid. */
export class TokenRevocation {
  revoked = false;
}

/** The Authorization value with its token swapped for one the server never issued; undefined without a bearer token. */
export function refusedAuthorization(authorization: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (token === undefined) return undefined;
  const swapped = withAlteredSignature(token) ?? [...token].reverse().join('');
  // Worthless, but shaped like the client's token and carrying its claims: no output may show it either.
  registerSecret(swapped);
  return `Bearer ${swapped}`;
}

/**
 * Forwards the call with a refused token and returns the server's answer, or the call as it came
 * when there is no token to refuse. The event says when the fault could not do its work: no bearer
 * token (the server asks for none), or a server that served a token it never issued.
 */
export async function forwardWithRefusedToken(
  upstream: Upstream,
  message: Record<string, unknown>,
  headers: Record<string, string>,
  event: ProxyEvent,
): Promise<UpstreamReply> {
  const refused = refusedAuthorization(headers.Authorization);
  if (refused === undefined)
    event.faultSkipped = 'the call carried no bearer token (the server asks for none), so there was no token to refuse';
  const reply = await upstream.forward(message, refused === undefined ? headers : { ...headers, Authorization: refused });
  if (refused !== undefined && reply.status !== 401)
    event.faultSkipped = `the server answered HTTP ${reply.status} to a token it never issued, where it must refuse it with 401 (see auth.signature and auth.malformed-token)`;
  event.upstreamExecuted = isResultResponse(reply.response);
  return reply;
}
