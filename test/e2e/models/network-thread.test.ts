/**
 * The network thread sends model requests over node:http instead of fetch (src/models/network-thread.ts).
 * What the provider sees and what the SDK gets back must be what fetch gave: each case here is made
 * once at --concurrency 1 (fetch, on the main thread) and once at 4 (the thread), and the two compared.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createModel } from '../../../src/models/registry.js';
import type { GenerateRequest, ModelTurn } from '../../../src/models/types.js';

const REQUEST: GenerateRequest = {
  messages: [{ role: 'user', content: "What's the weather in São Paulo?" }],
  tools: [],
  sampleIndex: 0,
  temperature: 0,
};
const ENV = { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef' };

const ANSWER = JSON.stringify({
  id: 'chatcmpl-fake',
  object: 'chat.completion',
  created: 1767225600,
  model: 'fake-model',
  choices: [
    { index: 0, message: { role: 'assistant', content: 'sunny in São Paulo', refusal: null }, logprobs: null, finish_reason: 'stop' },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
});

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** An endpoint on 127.0.0.1 answering with `handle`; returns its base URL and what it received. */
async function endpoint(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

/** The same request through fetch (--concurrency 1) and through the thread (--concurrency 4). */
async function bothWays(baseUrl: string): Promise<Array<ModelTurn | Error>> {
  const outcomes: Array<ModelTurn | Error> = [];
  for (const concurrency of [1, 4]) {
    const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl, env: ENV, maxRetries: 0, concurrency });
    outcomes.push(await model.generate(REQUEST).catch((error: unknown) => error as Error));
  }
  return outcomes;
}

describe('model requests on the network thread', () => {
  it('go on the wire as fetch sent them: the same method, path, headers and body', async () => {
    const { baseUrl, seen } = await endpoint((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER));
    const [viaFetch, viaThread] = await bothWays(baseUrl);
    expect((viaFetch as ModelTurn).text).toBe('sunny in São Paulo');
    expect((viaThread as ModelTurn).text).toBe('sunny in São Paulo');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(seen[0]!.body)));
  });

  it('read a gzip-encoded answer as fetch does', async () => {
    const { baseUrl } = await endpoint((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(ANSWER)),
    );
    const turns = await bothWays(baseUrl);
    expect(turns.map((turn) => (turn as ModelTurn).text)).toEqual(['sunny in São Paulo', 'sunny in São Paulo']);
  });

  it('follow a redirect as fetch does', async () => {
    const { baseUrl, seen } = await endpoint((req, res) => {
      if (req.url === '/v1/chat/completions') res.writeHead(307, { location: '/moved/chat/completions' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER);
    });
    const turns = await bothWays(baseUrl);
    expect(turns.map((turn) => (turn as ModelTurn).text)).toEqual(['sunny in São Paulo', 'sunny in São Paulo']);
    expect(seen.filter((s) => s.url === '/moved/chat/completions').map((s) => s.method)).toEqual(['POST', 'POST']);
  });

  it('report a connection closed without an answer as fetch does', async () => {
    const { baseUrl } = await endpoint((req) => req.socket.end());
    const [viaFetch, viaThread] = await bothWays(baseUrl);
    expect(viaFetch).toBeInstanceOf(Error);
    expect((viaThread as Error).message).toBe((viaFetch as Error).message);
    expect((viaThread as Error).message).toMatch(/other side closed/);
  });
});
