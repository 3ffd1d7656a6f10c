/**
 * Fake model endpoints on 127.0.0.1 that answer in the providers' real wire formats, so the tests
 * drive the real AI SDK adapters over HTTP: OpenAI (Chat Completions and Responses), Anthropic
 * Messages, Google generateContent and Ollama chat. Each test scripts the answers (a queue, or a
 * function of the request) and reads back every request received, headers and parsed body.
 */

import http from 'node:http';
import { listenOnLoopback } from './fake-servers.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when the body was not JSON). */
  body: any;
}

export type FakeReply =
  | { kind: 'json'; status: number; headers: Record<string, string>; body: unknown }
  | { kind: 'raw'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'hang' };

export type Script = FakeReply[] | ((request: RecordedRequest, index: number) => FakeReply);

export interface FakeLlm {
  /** What the provider's base URL option takes, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export const reply = {
  json: (body: unknown, status = 200, headers: Record<string, string> = {}): FakeReply => ({ kind: 'json', status, headers, body }),
  /** A body that is not what the API promises (not JSON, or HTML from a proxy). */
  garbage: (body = '<html><body>502 Bad Gateway from a proxy</body></html>', status = 200): FakeReply => ({
    kind: 'raw',
    status,
    headers: { 'content-type': 'text/html' },
    body,
  }),
  /** Accepts the request and never answers. */
  hang: (): FakeReply => ({ kind: 'hang' }),
};

/** OpenAI-style error body, as OpenAI, OpenAI-compatible servers and Ollama send them. */
export function openAIError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  type = 'invalid_request_error',
): FakeReply {
  return reply.json({ error: { message, type, param: null, code: null } }, status, headers);
}

export function anthropicError(status: number, message: string, headers: Record<string, string> = {}, type = 'api_error'): FakeReply {
  return reply.json({ type: 'error', error: { type, message } }, status, headers);
}

export interface ScriptedCall {
  id: string;
  name: string;
  arguments: Record<string, unknown> | string;
}

export interface ScriptedUsage {
  input: number;
  output: number;
}

const argumentsText = (call: ScriptedCall): string =>
  typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);

/** POST /v1/chat/completions, non-streaming. */
export function chatCompletion(answer: { text?: string; calls?: ScriptedCall[]; usage?: ScriptedUsage; model?: string }): FakeReply {
  const calls = answer.calls ?? [];
  const usage = answer.usage ?? { input: 0, output: 0 };
  return reply.json({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1767225600,
    model: answer.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text ?? null,
          refusal: null,
          ...(calls.length === 0
            ? {}
            : { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: argumentsText(c) } })) }),
        },
        logprobs: null,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  });
}

/** POST /v1/responses, non-streaming. */
export function responsesAnswer(answer: { text?: string; calls?: ScriptedCall[]; usage?: ScriptedUsage; model?: string }): FakeReply {
  const usage = answer.usage ?? { input: 0, output: 0 };
  const message =
    answer.text === undefined
      ? []
      : [
          {
            type: 'message',
            id: 'msg_fake',
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: answer.text, annotations: [] }],
          },
        ];
  const calls = (answer.calls ?? []).map((c, i) => ({
    type: 'function_call',
    id: `fc_fake_${i}`,
    call_id: c.id,
    name: c.name,
    arguments: argumentsText(c),
    status: 'completed',
  }));
  return reply.json({
    id: 'resp_fake',
    object: 'response',
    created_at: 1767225600,
    status: 'completed',
    model: answer.model ?? 'fake-model',
    output: [...message, ...calls],
    incomplete_details: null,
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  });
}

/** POST /v1/messages. */
export function anthropicMessage(answer: { text?: string; calls?: ScriptedCall[]; usage?: ScriptedUsage; model?: string }): FakeReply {
  const calls = answer.calls ?? [];
  const usage = answer.usage ?? { input: 0, output: 0 };
  return reply.json({
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: answer.model ?? 'claude-fake',
    content: [
      ...(answer.text === undefined ? [] : [{ type: 'text', text: answer.text }]),
      ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments })),
    ],
    stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  });
}

/** POST /v1beta/models/MODEL:generateContent. Google gives calls no id; the SDK makes one up. */
export function googleAnswer(answer: { text?: string; calls?: Array<Omit<ScriptedCall, 'id'>>; usage?: ScriptedUsage }): FakeReply {
  const usage = answer.usage ?? { input: 0, output: 0 };
  return reply.json({
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            ...(answer.text === undefined ? [] : [{ text: answer.text }]),
            ...(answer.calls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.arguments } })),
          ],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
    modelVersion: 'gemini-fake',
  });
}

/** POST /api/chat with stream: false. */
export function ollamaAnswer(answer: { text?: string; calls?: Array<Omit<ScriptedCall, 'id'>>; usage?: ScriptedUsage }): FakeReply {
  const usage = answer.usage ?? { input: 0, output: 0 };
  const calls = answer.calls ?? [];
  return reply.json({
    model: 'llama-fake',
    created_at: '2026-01-01T00:00:00Z',
    message: {
      role: 'assistant',
      content: answer.text ?? '',
      ...(calls.length === 0 ? {} : { tool_calls: calls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) }),
    },
    done: true,
    done_reason: 'stop',
    prompt_eval_count: usage.input,
    eval_count: usage.output,
  });
}

export const startFakeOpenAI = (script: Script): Promise<FakeLlm> =>
  startFake(script, '/v1', (p) => p === '/v1/chat/completions' || p === '/v1/responses');
export const startFakeAnthropic = (script: Script): Promise<FakeLlm> => startFake(script, '/v1', (p) => p === '/v1/messages');
export const startFakeGoogle = (script: Script): Promise<FakeLlm> =>
  startFake(script, '/v1beta', (p) => /^\/v1beta\/models\/[^/]+:generateContent$/.test(p));
export const startFakeOllama = (script: Script): Promise<FakeLlm> => startFake(script, '/api', (p) => p === '/api/chat');

async function startFake(script: Script, basePath: string, accepts: (path: string) => boolean): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const recorded: RecordedRequest = { method: req.method ?? '', path, headers: req.headers, body: parseJson(raw) };
      if (req.method !== 'POST' || !accepts(path)) {
        send(res, openAIError(404, `fake-llm: no route for ${req.method} ${path}`));
        return;
      }
      const index = requests.length;
      requests.push(recorded);
      // A 400 when the script runs dry: not retried, so the test fails on its assertion, not a timeout.
      const next =
        typeof script === 'function'
          ? script(recorded, index)
          : (script[index] ?? openAIError(400, `fake-llm: no scripted reply for request ${index + 1}`));
      send(res, next);
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${port}${basePath}`, requests, close };
}

function send(res: http.ServerResponse, answer: FakeReply): void {
  if (answer.kind === 'hang') return;
  const body = answer.kind === 'json' ? JSON.stringify(answer.body) : answer.body;
  const type = answer.kind === 'json' ? { 'content-type': 'application/json' } : {};
  res.writeHead(answer.status, { ...type, ...answer.headers });
  res.end(body);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
