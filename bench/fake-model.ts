/**
 * An instant OpenAI Chat Completions endpoint on 127.0.0.1 for benchmarks: mcpgate's cost is what is
 * measured, so the model answers at once and keeps nothing. A request whose last message is the user's
 * gets a call of get_weather for the city named in it; a request after a tool result gets the answer.
 * Every tenth case asks for a city the reference server does not know, so some samples fail and keep
 * their full trajectory (see --trajectories).
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ChatMessage {
  role: string;
  content?: unknown;
}

function answer(messages: ChatMessage[], n: number): unknown {
  const last = messages[messages.length - 1];
  const user = [...messages].reverse().find((m) => m.role === 'user');
  const city = /in (\w+)/.exec(typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? ''))?.[1] ?? 'Paris';
  const message =
    last?.role === 'tool'
      ? { role: 'assistant', content: `Here is the weather in ${city}.` }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }],
        };
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1767225600,
    model: 'bench-model',
    choices: [{ index: 0, message, logprobs: null, finish_reason: last?.role === 'tool' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
  };
}

/**
 * Starts the endpoint. `latencyMs` holds every answer back that long, as a hosted model's time to
 * answer does; the default answers at once.
 */
export async function startFakeModel(latencyMs = 0): Promise<{ baseUrl: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages?: ChatMessage[] };
      const reply = JSON.stringify(answer(body.messages ?? [], ++requests));
      const send = (): void => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(reply);
      };
      if (latencyMs > 0) setTimeout(send, latencyMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
