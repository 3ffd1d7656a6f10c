/**
 * Load through a wire Connection: stdio (either era) and a legacy HTTP session, where the
 * connection's own framing, id matching, timeouts and exit detection are worth more than speed.
 */

import type { Connection, Exchange } from '../../wire/exchange.js';
import { judgeExchange, type Completion, type Sender } from './outcome.js';

export class ExchangeSender implements Sender {
  constructor(
    private readonly connection: Connection,
    private readonly request: (id: number) => Promise<Exchange>,
  ) {}

  get endpoint(): string {
    return this.connection.endpoint;
  }

  send(id: number, done: Completion): void {
    void this.request(id).then((exchange) => {
      // The connection keeps every exchange for the conformance audits; a load run must not.
      this.connection.exchanges.length = 0;
      this.connection.received.length = 0;
      const { error, result } = judgeExchange(exchange);
      done(error, result);
    });
  }

  async close(): Promise<void> {
    await this.connection.close({ eofGraceMs: 500 });
  }
}
