/**
 * What one connection keeps of its traffic for the audits after the probes: its exchanges and every
 * message the server sent, under one cap on messages whatever the transport (text is kept, and
 * capped, only where a message arrived as a line of its own: stdio). The model layers open connections
 * without a log (keepLog false): they send thousands of calls and never read it.
 */

import type { Exchange, ReceivedMessage } from './exchange.js';

/** JSON messages one connection keeps for the audits (`received`); later ones are counted, not kept. */
export const MAX_RECEIVED_MESSAGES = 10_000;
export const MAX_RECEIVED_CHARS = 64 * 1024 * 1024;

export class ReceivedLog {
  readonly received: ReceivedMessage[] = [];
  readonly exchanges: Exchange[] = [];
  private dropped = 0;
  private keptChars = 0;

  constructor(private readonly keep: boolean) {}

  /** JSON messages past MAX_RECEIVED_MESSAGES / MAX_RECEIVED_CHARS: counted, not kept in `received`. */
  get droppedMessages(): number {
    return this.dropped;
  }

  addExchange(exchange: Exchange): void {
    if (this.keep) this.exchanges.push(exchange);
  }

  /**
   * A JSON message and the text it arrived as. Without `raw` (HTTP, where a message comes out of a
   * body or an event already parsed, and its exchange holds it already) the log keeps a reference
   * only: its text is the message serialised again when someone reads it, which no audit does on
   * HTTP, and it counts towards the cap on messages, not characters (the exchange's caps bound it).
   */
  addMessage(message: unknown, raw?: string): void {
    if (!this.keep) return;
    if (this.received.length >= MAX_RECEIVED_MESSAGES) {
      this.dropped++;
      return;
    }
    if (raw === undefined) {
      this.received.push(parsedMessage(Date.now(), message));
      return;
    }
    if (this.keptChars + raw.length > MAX_RECEIVED_CHARS) {
      this.dropped++;
      return;
    }
    this.keptChars += raw.length;
    this.received.push({ at: Date.now(), message, raw });
  }

  /**
   * Text that is not JSON (stdio's stray stdout lines), which the transport has already sampled and
   * cut: kept beside the messages, outside the caps on JSON messages, when there is a log.
   */
  addNotJson(raw: string): void {
    if (this.keep) this.received.push({ at: Date.now(), message: undefined, raw });
  }
}

/** A message that came parsed: its text is written only when read. */
function parsedMessage(at: number, message: unknown): ReceivedMessage {
  return {
    at,
    message,
    get raw() {
      return JSON.stringify(message);
    },
  };
}

/** What both transports share: a ReceivedLog, shown as Connection's `received` and `exchanges`. */
export abstract class LoggedConnection {
  protected readonly log: ReceivedLog;

  constructor(keepLog: boolean | undefined) {
    this.log = new ReceivedLog(keepLog !== false);
  }

  get received(): ReceivedMessage[] {
    return this.log.received;
  }

  get exchanges(): Exchange[] {
    return this.log.exchanges;
  }

  /** JSON messages past the log's caps: counted, not kept in `received`. */
  get droppedMessages(): number {
    return this.log.droppedMessages;
  }
}
