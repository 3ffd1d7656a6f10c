/**
 * The credential provider on every HTTP path that talks to a server: the transport (HttpConnection),
 * the raw-bytes probes (sendHttpBytes) and the load generator (HttpSender). Each sends the provider's
 * token, and sends a request refused with 401 once more when the provider has renewed it, never a
 * third time; a probe that sets its own Authorization is sent as it is and never retried. The server
 * is a real one on 127.0.0.1 that accepts the tokens the test names and answers 401 otherwise.
 */

import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendHttpBytes } from '../../../src/resilience/probes/raw-http.js';
import { HttpSender } from '../../../src/telemetry/load/http-sender.js';
import { buildRequestTemplate } from '../../../src/telemetry/load/request-template.js';
import type { TokenProvider } from '../../../src/wire/credentials.js';
import type { OutgoingMessage } from '../../../src/wire/exchange.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { listenOnLoopback } from '../../helpers/fake-servers.js';

const CHALLENGE = 'Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';

/** A provider with a list of tokens: each 401 to the token in use moves it to the next, unless it is out of them. */
class ListedTokens implements TokenProvider {
  private index = 0;
  readonly refusals: Array<{ challenge: string | undefined; rejected: Record<string, string> }> = [];
  problem: string | undefined;

  constructor(private readonly tokens: readonly string[]) {}

  async headers(): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${this.tokens[this.index]}` };
  }

  async onUnauthorized(challenge: string | undefined, rejected: Record<string, string>): Promise<boolean> {
    this.refusals.push({ challenge, rejected });
    if (rejected.Authorization !== `Bearer ${this.tokens[this.index]}`) return true;
    if (this.index + 1 >= this.tokens.length) {
      this.problem = 'the issuer refused to renew the token';
      return false;
    }
    this.index++;
    return true;
  }
}

let accepted = new Set<string>();
let seen: string[] = [];
let url: string;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const authorization = req.headers.authorization ?? '';
      seen.push(authorization);
      if (!accepted.has(authorization)) {
        res.writeHead(401, { 'WWW-Authenticate': CHALLENGE, 'Content-Type': 'application/json' });
        return void res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Unauthorized"}}');
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [] } }));
    });
  });
  const listening = await listenOnLoopback(server);
  url = `http://127.0.0.1:${listening.port}/mcp`;
  closeServer = listening.close;
});
afterAll(async () => closeServer());
beforeEach(() => {
  seen = [];
});

const request = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  awaitId: 1,
  ...over,
});

async function exchangeWith(provider: TokenProvider, message = request()) {
  const connection = new HttpConnection(url, { timeoutMs: 5_000, maxResponseBytes: 1 << 20, credentials: provider });
  try {
    const exchange = await connection.exchange(message);
    return { exchange, logged: connection.exchanges.length };
  } finally {
    await connection.close();
  }
}

describe('HttpConnection with a credential provider', () => {
  it("sends the provider's token over a --header of the same name", async () => {
    accepted = new Set(['Bearer one']);
    const connection = new HttpConnection(url, {
      timeoutMs: 5_000,
      maxResponseBytes: 1 << 20,
      extraHeaders: { authorization: 'Bearer static' },
      credentials: new ListedTokens(['one']),
    });
    const exchange = await connection.exchange(request());
    await connection.close();
    expect(exchange.status).toBe(200);
    expect(seen).toEqual(['Bearer one']);
    expect(exchange.reauthorized).toBeUndefined();
  });

  it('a 401 to the token in use: the provider hears the challenge and the rejected token, and the request goes once more with the new one', async () => {
    accepted = new Set(['Bearer two']);
    const provider = new ListedTokens(['one', 'two', 'three']);
    const { exchange, logged } = await exchangeWith(provider);
    expect(seen).toEqual(['Bearer one', 'Bearer two']);
    expect(exchange.status).toBe(200);
    expect(exchange.reauthorized).toBe(true);
    expect(provider.refusals).toEqual([{ challenge: CHALLENGE, rejected: { Authorization: 'Bearer one' } }]);
    // The refused attempt is not part of the server's record: the audits judge the request that counted.
    expect(logged).toBe(1);
  });

  it('retries once only: a second 401 is the answer', async () => {
    accepted = new Set();
    const { exchange } = await exchangeWith(new ListedTokens(['one', 'two', 'three']));
    expect(seen).toEqual(['Bearer one', 'Bearer two']);
    expect(exchange.status).toBe(401);
    expect(exchange.reauthorized).toBe(true);
  });

  it('a provider with nothing new: the 401 stands, with the reason it could not renew', async () => {
    accepted = new Set();
    const { exchange } = await exchangeWith(new ListedTokens(['one']));
    expect(seen).toEqual(['Bearer one']);
    expect(exchange.credentialsProblem).toBe('the issuer refused to renew the token');
  });

  it('a probe that sends its own Authorization is sent as it is, and its 401 is the answer', async () => {
    accepted = new Set(['Bearer one']);
    const provider = new ListedTokens(['one', 'two']);
    const { exchange } = await exchangeWith(provider, request({ headers: { Authorization: 'Bearer forged' } }));
    expect(seen).toEqual(['Bearer forged']);
    expect(exchange.status).toBe(401);
    expect(provider.refusals).toEqual([]);
  });
});

describe('the raw-bytes probes with a credential provider', () => {
  const raw = (provider: TokenProvider, mode: 'complete' | 'abandon-after-send') => {
    const body = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    return sendHttpBytes(new URL(url), {
      bytes: body,
      shown: { body: body.toString(), headers: { 'Content-Type': 'application/json' } },
      credentials: provider,
      maxResponseBytes: 1 << 20,
      timeoutMs: 5_000,
      mode,
    });
  };

  it('send the token, and a complete request refused with 401 once more with the renewed one', async () => {
    accepted = new Set(['Bearer two']);
    const exchange = await raw(new ListedTokens(['one', 'two']), 'complete');
    expect(seen).toEqual(['Bearer one', 'Bearer two']);
    expect(exchange.status).toBe(200);
    expect(exchange.userHeaderNames).toEqual(['Authorization']);
  });
});

describe('the load generator with a credential provider', () => {
  it('sends the token, and each request refused with 401 once more with the renewed one: every request ends well', async () => {
    accepted = new Set(['Bearer two']);
    const template = await buildRequestTemplate({ method: 'tools/list', params: {} });
    const sender = new HttpSender(url, template, {
      timeoutMs: 5_000,
      maxResponseBytes: 1 << 20,
      maxSockets: 2,
      wantResults: false,
      credentials: new ListedTokens(['one', 'two']),
    });
    const outcomes = await Promise.all(
      [1, 2, 3].map((id) => new Promise<string | undefined>((resolve) => sender.send(id, (error) => resolve(error)))),
    );
    await sender.close();
    expect(outcomes).toEqual([undefined, undefined, undefined]);
    // The first request met the old token; once renewed, the head is rebuilt and no request is refused again.
    expect(seen.filter((s) => s === 'Bearer one').length).toBeGreaterThanOrEqual(1);
    expect(seen.filter((s) => s === 'Bearer two').length).toBe(3);
  });
});
