/** One request/response round trip as observed on the wire, the raw material of all evidence. */

import type { WireError } from './errors.js';
import type { JsonRpcId, JsonRpcResponse } from './jsonrpc.js';

export type TransportKind = 'http' | 'stdio';

export interface OutgoingMessage {
  /** The exact text to send (a JSON-RPC message, or deliberately broken text); what evidence shows. */
  readonly body: string;
  /**
   * stdio only: bytes to write instead of `body`, exactly (the caller adds the newline), for probes
   * that must send what no string can hold, such as invalid UTF-8.
   */
  rawBytes?: Buffer;
  /** HTTP only: header names exactly as they should go on the wire. */
  headers?: Record<string, string>;
  /** HTTP only. */
  httpMethod?: 'POST' | 'GET' | 'DELETE';
  /** The id whose response ends the exchange; undefined for notifications and raw probes. */
  awaitId?: JsonRpcId | null;
  timeoutMs?: number;
  /**
   * Ends the exchange at the first message this accepts, for requests whose answer is a stream that
   * stays open (subscriptions/listen): mcpgate then closes the stream itself.
   */
  endWhen?: (message: unknown) => boolean;
  /**
   * HTTP, with endWhen: the stream stays open after the exchange has resolved, until this settles
   * (the caller must settle it), for probes about several streams at once. Messages that arrive
   * meanwhile are added to the exchange's `messages` and given to onMessage.
   */
  holdOpen?: Promise<unknown>;
  /** HTTP: called with every message of the event stream as it arrives, before and after the exchange resolves. */
  onMessage?: (message: unknown) => void;
  /**
   * False for probes that send a deliberately malformed message: what comes back is judged by that
   * probe alone, not again by the audits over all traffic.
   */
  audited?: boolean;
}

export interface Exchange {
  transport: TransportKind;
  /** The URL (HTTP) or command line (stdio) the exchange went to. */
  endpoint: string;
  sent: OutgoingMessage;
  /** HTTP status, when the transport is HTTP and a status line arrived. */
  status?: number;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
  /** The media type of the response without parameters (HTTP). */
  contentType?: string;
  /** The raw response body (HTTP) or the lines attributed to this exchange (stdio), capped. */
  bodyText: string;
  /**
   * Set once the exchange has served its check and only its evidence is left to write: bodyText then
   * holds the start of the body, without leading or trailing whitespace, and this many characters of
   * it were let go (conformance/evidence.ts, keepWhatEvidenceShows).
   */
  bodyCut?: number;
  /** Every JSON-RPC message received within this exchange, in arrival order. */
  messages: unknown[];
  /** The response whose id matched `awaitId`, or the single response of a JSON body. */
  response?: JsonRpcResponse;
  /** HTTP: names of user-supplied headers sent too (and the credential provider's); their values are never shown. */
  userHeaderNames?: string[];
  /** HTTP: the server refused the first attempt's credentials with 401, and this is the one retry with renewed ones. */
  reauthorized?: true;
  /** HTTP: the answer is a 401 and the credential provider could get no credentials: why, in one line. */
  credentialsProblem?: string;
  /** True when `response` is the answer but its id differs in value or type from the one sent. */
  responseIdMismatch?: boolean;
  /** Lines or events that were not valid JSON. */
  unparsable: string[];
  /** True when an SSE stream stayed open after its response and mcpgate closed it. */
  streamLeftOpen?: boolean;
  /** With holdOpen: settles once the held stream is closed, by mcpgate on release or earlier by the server or a cap. */
  closed?: Promise<void>;
  timing: { startedAt: number; durationMs: number; firstByteMs?: number };
  error?: WireError;
}

export interface CloseInfo {
  /** stdio: whether the server exited by itself after stdin was closed, and how fast. */
  exitedOnEof?: boolean;
  exitMs?: number;
}

/** A transport that can carry deliberate, byte-exact requests and records what it saw. */
export interface Connection {
  readonly transport: TransportKind;
  readonly endpoint: string;
  exchange(message: OutgoingMessage): Promise<Exchange>;
  /** Every message the server sent on this connection, for audits after the probes. */
  readonly received: ReceivedMessage[];
  readonly exchanges: Exchange[];
  close(options?: { eofGraceMs?: number }): Promise<CloseInfo>;
}

export interface ReceivedMessage {
  at: number;
  /** Parsed JSON, or undefined when the text did not parse. */
  message: unknown;
  raw: string;
}

/**
 * JSON messages one exchange keeps while it waits for its response (notifications, answers to other
 * ids). A server that floods past either bound fails the exchange at once, naming the cap.
 */
export const MAX_MESSAGES_PER_EXCHANGE = 1_000;
export const MAX_EXCHANGE_MESSAGE_CHARS = 16 * 1024 * 1024;

/** What a request that met a flood fails with. */
export function floodMessage(context: string): string {
  return `the server sent more than ${MAX_MESSAGES_PER_EXCHANGE} messages or ${MAX_EXCHANGE_MESSAGE_CHARS} characters ${context} (mcpgate's cap per exchange, MAX_MESSAGES_PER_EXCHANGE); the exchange was ended`;
}

/** A new exchange for `sent`, with the clock that times it (ms since it started, monotonic). */
export function startExchange(
  transport: TransportKind,
  endpoint: string,
  sent: OutgoingMessage,
): { exchange: Exchange; elapsedMs: () => number } {
  const started = performance.now();
  const exchange: Exchange = {
    transport,
    endpoint,
    sent,
    headers: {},
    bodyText: '',
    messages: [],
    unparsable: [],
    timing: { startedAt: Date.now(), durationMs: 0 },
  };
  return { exchange, elapsedMs: () => performance.now() - started };
}
