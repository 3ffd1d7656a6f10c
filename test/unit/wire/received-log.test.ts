/** ReceivedLog: what a connection keeps for the audits, under one cap for both transports. */

import { describe, expect, it } from 'vitest';
import type { Exchange, OutgoingMessage } from '../../../src/wire/exchange.js';
import { startExchange } from '../../../src/wire/exchange.js';
import { LoggedConnection, MAX_RECEIVED_CHARS, MAX_RECEIVED_MESSAGES, ReceivedLog } from '../../../src/wire/received-log.js';

const sent: OutgoingMessage = { body: '{}' };

describe('ReceivedLog', () => {
  it('keeps a message with the text it came as, or serialised when it came parsed', () => {
    const log = new ReceivedLog(true);
    log.addMessage({ id: 1 }, '{ "id" : 1 }');
    log.addMessage({ id: 2 });
    expect(log.received.map((r) => [r.message, r.raw])).toEqual([
      [{ id: 1 }, '{ "id" : 1 }'],
      [{ id: 2 }, '{"id":2}'],
    ]);
    expect(log.droppedMessages).toBe(0);
  });

  it(`keeps ${MAX_RECEIVED_MESSAGES} messages exactly, then counts the rest`, () => {
    const log = new ReceivedLog(true);
    for (let i = 0; i < MAX_RECEIVED_MESSAGES + 3; i++) log.addMessage(i, String(i));
    expect(log.received).toHaveLength(MAX_RECEIVED_MESSAGES);
    expect(log.received.at(-1)!.message).toBe(MAX_RECEIVED_MESSAGES - 1);
    expect(log.droppedMessages).toBe(3);
  });

  it('keeps messages up to exactly MAX_RECEIVED_CHARS, drops one that would pass it, and still keeps a later one that fits', () => {
    const log = new ReceivedLog(true);
    log.addMessage('big', 'x'.repeat(MAX_RECEIVED_CHARS - 10));
    log.addMessage('fills the cap exactly', 'y'.repeat(10));
    log.addMessage('one character too many', 'z');
    expect(log.received.map((r) => r.message)).toEqual(['big', 'fills the cap exactly']);
    expect(log.droppedMessages).toBe(1);

    const partly = new ReceivedLog(true);
    partly.addMessage('big', 'x'.repeat(MAX_RECEIVED_CHARS - 10));
    partly.addMessage('too long', 'y'.repeat(11));
    partly.addMessage('fits', 'z'.repeat(10));
    expect(partly.received.map((r) => r.message)).toEqual(['big', 'fits']);
    expect(partly.droppedMessages).toBe(1);
  });

  it('without a log keeps and counts nothing, and never serialises a message', () => {
    const log = new ReceivedLog(false);
    const unserialisable = {
      toJSON(): never {
        throw new Error('serialised');
      },
    };
    log.addMessage(unserialisable);
    log.addExchange(startExchange('http', 'http://127.0.0.1/mcp', sent).exchange);
    expect(log.received).toEqual([]);
    expect(log.exchanges).toEqual([]);
    expect(log.droppedMessages).toBe(0);
  });

  it("keeps text that is not JSON (stdio's sampled lines) only with a log, outside the cap on JSON messages", () => {
    const log = new ReceivedLog(true);
    log.addNotJson('log line');
    expect(log.received.map((r) => [r.message, r.raw])).toEqual([[undefined, 'log line']]);
    const without = new ReceivedLog(false);
    without.addNotJson('log line');
    expect(without.received).toEqual([]);
    const full = new ReceivedLog(true);
    full.addMessage('big', 'x'.repeat(MAX_RECEIVED_CHARS));
    full.addNotJson('still kept');
    expect(full.received.map((r) => r.raw.slice(0, 10))).toEqual(['x'.repeat(10), 'still kept']);
  });
});

describe('LoggedConnection', () => {
  class Logged extends LoggedConnection {
    record(exchange: Exchange): void {
      this.log.addExchange(exchange);
      this.log.addMessage({ id: 1 });
    }
  }

  it("shows the log's own arrays, so a caller that empties them (a load run) empties the log", () => {
    const connection = new Logged(undefined);
    connection.record(startExchange('stdio', 'node server.js', sent).exchange);
    expect(connection.exchanges).toHaveLength(1);
    expect(connection.received).toHaveLength(1);
    connection.exchanges.length = 0;
    connection.received.length = 0;
    expect(connection.exchanges).toHaveLength(0);
    expect(connection.received).toHaveLength(0);
  });

  it('keeps a log unless keepLog is false', () => {
    const off = new Logged(false);
    off.record(startExchange('stdio', 'node server.js', sent).exchange);
    expect([off.exchanges.length, off.received.length]).toEqual([0, 0]);
  });
});

describe('startExchange', () => {
  it('starts an empty exchange for the message and a clock that only moves forward', () => {
    const before = Date.now();
    const { exchange, elapsedMs } = startExchange('http', 'http://127.0.0.1/mcp', sent);
    expect(exchange).toMatchObject({ transport: 'http', endpoint: 'http://127.0.0.1/mcp', sent, headers: {}, bodyText: '' });
    expect(exchange.messages).toEqual([]);
    expect(exchange.timing.startedAt).toBeGreaterThanOrEqual(before);
    const first = elapsedMs();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(elapsedMs()).toBeGreaterThanOrEqual(first);
  });
});
