/**
 * The faults the proxy injects into a tools/call, and its record of every request it saw: the
 * evidence for each fault and injection in `chaos.agent` and `chaos.client`.
 */

import { z } from 'zod';
import { count, milliseconds } from '../values.js';

export const FaultKindSchema = z.enum([
  'http-500',
  'is-error',
  'hang',
  'malformed-json',
  'wrong-output',
  'expired-token',
  // The server itself refuses the client's token mid-run: once (a client that renews it recovers), or from then on (revoked).
  'token-refused',
  'token-revoked',
  'stream-cut',
  // Multi round-trip requests (SEP-2322): the first four alter a client's retry, the last answers in the server's place.
  'drop-request-state',
  'tamper-request-state',
  'replay-request-state',
  'strip-input-responses',
  'spurious-input-required',
]);
export type FaultKind = z.output<typeof FaultKindSchema>;
export const FAULT_KINDS: readonly FaultKind[] = FaultKindSchema.options;

/** A completed call built from altered state is the server's failure; an error or a fresh input_required refuses it. */
export const ServerReactionSchema = z.enum(['completed', 'input-required', 'error']);
export type ServerReaction = z.output<typeof ServerReactionSchema>;

/** `every` applies to each call of the tool; a number to that call only (1-based). */
const callNumber = { error: 'a call number from 1' };
export const OccurrenceSchema = z.union([z.int(callNumber).min(1, callNumber), z.literal('every')]);
export type Occurrence = z.output<typeof OccurrenceSchema>;

export const ProxyEventSchema = z.object({
  /** 1-based, in arrival order. */
  seq: count,
  /** Arrival time, in milliseconds since the epoch. */
  at: count,
  method: z.string(),
  /** The JSON-RPC id the client sent (absent for notifications and unparsable bodies). */
  requestId: z.union([z.string(), z.number(), z.null()]).optional(),
  tool: z.string().optional(),
  /** Which call of this tool it was since the plan was armed (1-based). */
  occurrence: count.optional(),
  fault: FaultKindSchema.optional(),
  /** The label of the injection planted into the result. */
  injection: z.string().optional(),
  /** Why the proxy refused the request instead of forwarding it. */
  refused: z.string().optional(),
  /** Whether the upstream server answered this request (for tools/call: it executed the tool). */
  upstreamExecuted: z.boolean(),
  /** How the server answered a retry whose requestState or inputResponses the proxy altered. */
  serverReaction: ServerReactionSchema.optional(),
  /** Why a retry fault left the call as it came (e.g. no earlier state of another call to replay). */
  faultSkipped: z.string().optional(),
  /** Canary values the wrong-output fault put into the result. */
  canaries: z.array(z.string()).optional(),
  /** For a tools/call with the same name and arguments as an earlier cut one: that event's seq. */
  reissueOf: count.optional(),
  /** Hash of the tool name and arguments, to match a re-issue with the call it repeats. */
  paramsKey: z.string().optional(),
  /** HTTP status sent to the client; absent while a hung request is held. */
  status: count.optional(),
  bytesIn: count,
  bytesOut: count,
  durationMs: milliseconds,
  /** The start of what the client received (or, for a cut stream, what was sent before the cut). */
  replyExcerpt: z.string().optional(),
});
export type ProxyEvent = z.output<typeof ProxyEventSchema>;
