/**
 * How a transport writes one reply: the preface (notifications that belong to the request), then
 * the response, then anything a variant sends too late. A paced reply waits between preface
 * messages, as real work would, and stops for good once the client has cancelled the request
 * (basic/patterns/cancellation): nothing more is sent for it, not even the response.
 */

import { isBroken, type ServerConfig } from './config.js';
import type { OutgoingMessage } from './jsonrpc.js';
import type { Outcome } from './server.js';

export interface ReplyWriter {
  send(message: OutgoingMessage): void;
  /** The response and what follows it, written at once so they reach the client together. */
  finish(messages: OutgoingMessage[]): void;
  cancelled(): boolean;
}

export function deliverReply(outcome: Outcome & { kind: 'reply' }, writer: ReplyWriter, config: ServerConfig): void {
  const afterMs = outcome.afterMs;
  const tail = afterMs === undefined ? [outcome.response, ...outcome.after] : [outcome.response];
  const finish = (messages: OutgoingMessage[]): void => {
    writer.finish(messages);
    if (afterMs !== undefined) setTimeout(() => outcome.after.forEach((message) => writer.send(message)), afterMs);
  };
  if (outcome.stepMs === undefined) {
    for (const message of outcome.preface) writer.send(message);
    return finish(tail);
  }
  const stepMs = outcome.stepMs;
  const stopped = (): boolean => writer.cancelled() && !isBroken(config, 'ignores-cancellation');
  let index = 0;
  const step = (): void => {
    if (stopped()) return;
    const message = outcome.preface[index++];
    if (message === undefined) return finish(tail);
    writer.send(message);
    setTimeout(step, stepMs);
  };
  step();
}
