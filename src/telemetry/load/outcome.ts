/**
 * What one load request ended as: a valid result, or a failure kind. Kinds are short stable strings
 * (`http:503`, `jsonrpc:-32602`, `timeout`, `refused`, `reset`, `bad-id`, …) so the report can count
 * them and a reader can act on them.
 */

import type { Exchange } from '../../wire/exchange.js';
import type { WireErrorKind } from '../../wire/errors.js';

/** Called once per request: `error` undefined means a valid result (passed on for comparison). */
export type Completion = (error: string | undefined, result: Record<string, unknown> | undefined) => void;

/** One instance of the server under load: sends request `id` and reports how it ended. */
export interface Sender {
  readonly endpoint: string;
  send(id: number, done: Completion): void;
  close(): Promise<void>;
}

/** Judges a parsed JSON-RPC message as the answer to request `id`. */
export function judgeResponse(message: unknown, id: number | string): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'no-response';
  const response = message as { id?: unknown; result?: unknown; error?: { code?: unknown } };
  if (response.error !== undefined) return `jsonrpc:${typeof response.error?.code === 'number' ? response.error.code : 'no-code'}`;
  if (response.id !== id) return 'bad-id';
  const result = response.result;
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return 'not-result';
  // A tool that reports failure answers normally, but a benchmark of failures measures the wrong path.
  if ((result as { isError?: unknown }).isError === true) return 'tool-error';
  return undefined;
}

/** Node's socket error codes, folded into the few kinds a reader can act on. */
export function networkErrorKind(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNABORTED':
      return 'reset';
    case 'ETIMEDOUT':
      return 'timeout';
    default:
      return `network:${code ?? 'unknown'}`;
  }
}

const WIRE_KINDS: Partial<Record<WireErrorKind, string>> = {
  unreachable: 'refused',
  'closed-early': 'reset',
  timeout: 'timeout',
  exited: 'exited',
  'too-large': 'too-large',
  'not-json': 'not-json',
};

/** The same judgement for an exchange made through a wire Connection (stdio, or a legacy session). */
export function judgeExchange(exchange: Exchange): { error: string | undefined; result: Record<string, unknown> | undefined } {
  if (exchange.error) return { error: WIRE_KINDS[exchange.error.kind] ?? exchange.error.kind, result: undefined };
  if (exchange.status !== undefined && (exchange.status < 200 || exchange.status > 299))
    return { error: `http:${exchange.status}`, result: undefined };
  if (!exchange.response) return { error: exchange.unparsable.length > 0 ? 'not-json' : 'no-response', result: undefined };
  const awaited = exchange.sent.awaitId ?? '';
  const error = exchange.responseIdMismatch ? 'bad-id' : judgeResponse(exchange.response, awaited);
  return { error, result: error === undefined ? (exchange.response as { result: Record<string, unknown> }).result : undefined };
}
