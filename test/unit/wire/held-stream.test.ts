/**
 * A response stream held open past its exchange (holdOpen) keeps its in-flight slot until the
 * stream is closed, whoever closes it: mcpgate when the caller releases it, the server when it ends
 * the stream first, or the size cap when the server sends too much meanwhile. A slot that outlived
 * its stream would stay taken for the rest of the run. The server is a real one on 127.0.0.1 in this
 * process; a bound here only stops a hang, it is never what is asserted.
 */

import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../../src/wire/exchange.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { InFlightLimit } from '../../../src/wire/in-flight.js';
import { ModernClient } from '../../../src/wire/modern-client.js';
import { within } from '../../../src/wire/within.js';
import { listenOnLoopback } from '../../helpers/fake-servers.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

const ACK = 'notifications/subscriptions/acknowledged';
const BOUND_MS = scaledTimeout(5_000);

/** The server side of the listen streams it holds open, in the order they arrived. */
let held: http.ServerResponse[] = [];
let url: string;
let closeServer: () => Promise<void>;
let connection: HttpConnection;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as { id: string; method: string };
      if (request.method !== 'subscriptions/listen') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { tools: [] } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: ACK, params: { notifications: {} } })}\n\n`);
      held.push(res);
    });
  });
  const listening = await listenOnLoopback(server);
  url = `http://127.0.0.1:${listening.port}/mcp`;
  closeServer = listening.close;
});
afterAll(async () => closeServer());
afterEach(async () => {
  held = [];
  await connection?.close();
});

/** A client whose requests share one slot, as a layer 0 run at --concurrency 1 would. */
function oneSlotClient(maxResponseBytes = 1024 * 1024): ModernClient {
  connection = new HttpConnection(url, { timeoutMs: BOUND_MS, maxResponseBytes });
  const client = new ModernClient(connection);
  client.limit = new InFlightLimit(1);
  return client;
}

function holdOpen(client: ModernClient): { exchange: ReturnType<ModernClient['request']>; release: () => void } {
  let release: () => void = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  const isAck = (m: unknown): boolean => (m as { method?: unknown }).method === ACK;
  return { exchange: client.request('subscriptions/listen', {}, { id: 'listen-1', endWhen: isAck, holdOpen: until }), release };
}

/** The held exchange settles its `closed` within the bound. */
async function expectClosed(listen: Exchange): Promise<void> {
  expect(
    await within(
      listen.closed!.then(() => 'closed' as const),
      BOUND_MS,
      'still open' as const,
    ),
  ).toBe('closed');
}

/** The next request through the same single slot: it runs only once the held stream gave the slot back. */
async function nextRequestRuns(client: ModernClient): Promise<void> {
  const next = await within(client.request('tools/list', {}, { id: 'next' }), BOUND_MS, 'the slot was never given back' as const);
  expect(next).not.toBe('the slot was never given back');
  if (typeof next !== 'string') expect(next.response).toEqual({ jsonrpc: '2.0', id: 'next', result: { tools: [] } });
}

describe('a held stream gives its in-flight slot back', () => {
  it('when the caller releases it: mcpgate closes the stream', async () => {
    const client = oneSlotClient();
    const { exchange, release } = holdOpen(client);
    const listen = await exchange;
    expect(listen.error).toBeUndefined();
    expect(listen.closed).toBeDefined();
    const serverSawClose = new Promise<void>((resolve) => held[0]!.once('close', resolve));
    release();
    await expectClosed(listen);
    await serverSawClose;
    await nextRequestRuns(client);
  });

  it('when the server ends the stream before the caller releases it', async () => {
    const client = oneSlotClient();
    const { exchange, release } = holdOpen(client);
    const listen = await exchange;
    held[0]!.end();
    await expectClosed(listen);
    await nextRequestRuns(client);
    // A release after the end changes nothing.
    release();
    await listen.closed;
  });

  it('when the size cap cuts the stream before the caller releases it', async () => {
    const client = oneSlotClient(1024);
    const { exchange, release } = holdOpen(client);
    const listen = await exchange;
    held[0]!.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(2048) } })}\n\n`);
    await expectClosed(listen);
    await nextRequestRuns(client);
    release();
  });
});
