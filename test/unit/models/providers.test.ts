/**
 * The model layer over real HTTP: the registry builds the real AI SDK adapters, pointed at fake
 * provider endpoints on 127.0.0.1 that answer in each provider's wire format. Nothing here reaches
 * a real provider or needs a key; the keys below are made up and must never surface in a message.
 */

import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBaseline } from '../../../src/models/baseline.js';
import { CACHE_VERSION, cacheKey, withCache, type CacheMode } from '../../../src/models/cache.js';
import { createModel, parseModelId, type ModelOptions } from '../../../src/models/registry.js';
import {
  ModelError,
  type CallStats,
  type ChatMessage,
  type GenerateRequest,
  type ModelClient,
  type ToolSpec,
} from '../../../src/models/types.js';
import {
  anthropicError,
  anthropicMessage,
  chatCompletion,
  googleAnswer,
  ollamaAnswer,
  openAIError,
  reply,
  responsesAnswer,
  startFakeAnthropic,
  startFakeGoogle,
  startFakeOllama,
  startFakeOpenAI,
  type FakeLlm,
  type FakeReply,
  type RecordedRequest,
  type Script,
  type ScriptedCall,
} from '../../helpers/fake-llm.js';

const WEATHER: ToolSpec = {
  name: 'get_weather',
  description: 'Get the weather right now in one city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name.' }, units: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city'],
    additionalProperties: false,
  },
};
const CALL: ScriptedCall = { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris', units: 'celsius' } };
const FIRST: ChatMessage[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: "What's the weather in Paris?" },
];
const RESULT = '{"city":"Paris","temperature":18,"units":"celsius","conditions":"sunny"}';
const FOLLOW_UP: ChatMessage[] = [
  ...FIRST,
  { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris', units: 'celsius' } }] },
  { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: RESULT },
];

const request = (messages: ChatMessage[], sampleIndex = 0): GenerateRequest => ({
  messages,
  tools: [WEATHER],
  sampleIndex,
  temperature: 0,
});

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

function thrown(fn: () => unknown): ModelError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }
  throw new Error('expected a ModelError');
}

const servers: FakeLlm[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** What each wire format looks like, so one set of tests covers them all. */
interface Wire {
  spec: string;
  key: string;
  path: string;
  start: (script: Script) => Promise<FakeLlm>;
  answer: (a: { text?: string; calls?: ScriptedCall[]; usage?: { input: number; output: number } }) => FakeReply;
  error: (status: number, message: string, headers?: Record<string, string>) => FakeReply;
  options: (fake: FakeLlm, key: string) => ModelOptions;
  authorised: (r: RecordedRequest, key: string) => void;
  toolsSent: (body: any) => unknown[];
  /** The tool call and its result as the follow-up request carries them. */
  historySent: (body: any) => { call: unknown; result: unknown };
}

const openAIChatShape = {
  path: '/v1/chat/completions',
  start: startFakeOpenAI,
  answer: chatCompletion,
  error: openAIError,
  toolsSent: (body: any) =>
    body.tools.map((t: any) => ({
      type: t.type,
      name: t.function.name,
      description: t.function.description,
      parameters: t.function.parameters,
    })),
  historySent: (body: any) => ({
    call: body.messages.find((m: any) => m.role === 'assistant')?.tool_calls,
    result: body.messages.filter((m: any) => m.role === 'tool'),
  }),
  expectedHistory: {
    call: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","units":"celsius"}' } }],
    result: [{ role: 'tool', tool_call_id: 'call_1', content: RESULT }],
  },
};

const WIRES: Array<Wire & { expectedTools: unknown[]; expectedHistory: { call: unknown; result: unknown } }> = [
  {
    ...openAIChatShape,
    spec: 'openai-chat:gpt-4.1-mini',
    key: 'sk-test-chat-0123456789abcdef',
    options: (fake, key) => ({ env: { OPENAI_API_KEY: key, OPENAI_BASE_URL: fake.baseUrl } }),
    authorised: (r, key) => expect(r.headers.authorization).toBe(`Bearer ${key}`),
    expectedTools: [{ type: 'function', name: WEATHER.name, description: WEATHER.description, parameters: WEATHER.inputSchema }],
  },
  {
    ...openAIChatShape,
    spec: 'openai-compatible:qwen2.5-7b-instruct',
    key: 'local-key-0123456789',
    options: (fake, key) => ({ baseUrl: fake.baseUrl, env: { OPENAI_COMPATIBLE_API_KEY: key } }),
    authorised: (r, key) => expect(r.headers.authorization).toBe(`Bearer ${key}`),
    expectedTools: [{ type: 'function', name: WEATHER.name, description: WEATHER.description, parameters: WEATHER.inputSchema }],
  },
  {
    spec: 'openai:gpt-4.1-mini',
    key: 'sk-test-responses-0123456789abcdef',
    path: '/v1/responses',
    start: startFakeOpenAI,
    answer: responsesAnswer,
    error: openAIError,
    options: (fake, key) => ({ baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: key } }),
    authorised: (r, key) => expect(r.headers.authorization).toBe(`Bearer ${key}`),
    toolsSent: (body) => body.tools.map((t: any) => ({ type: t.type, name: t.name, description: t.description, parameters: t.parameters })),
    expectedTools: [{ type: 'function', name: WEATHER.name, description: WEATHER.description, parameters: WEATHER.inputSchema }],
    historySent: (body) => ({
      call: body.input.filter((i: any) => i.type === 'function_call'),
      result: body.input.filter((i: any) => i.type === 'function_call_output'),
    }),
    expectedHistory: {
      call: [{ type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris","units":"celsius"}' }],
      result: [{ type: 'function_call_output', call_id: 'call_1', output: RESULT }],
    },
  },
  {
    spec: 'anthropic:claude-sonnet-4-5',
    key: 'sk-ant-test-0123456789abcdef',
    path: '/v1/messages',
    start: startFakeAnthropic,
    answer: anthropicMessage,
    error: anthropicError,
    options: (fake, key) => ({ env: { ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: fake.baseUrl } }),
    authorised: (r, key) => {
      expect(r.headers['x-api-key']).toBe(key);
      expect(r.headers['anthropic-version']).toBe('2023-06-01');
    },
    toolsSent: (body) => body.tools,
    expectedTools: [{ name: WEATHER.name, description: WEATHER.description, input_schema: WEATHER.inputSchema }],
    historySent: (body) => ({
      call: body.messages.find((m: any) => m.role === 'assistant')?.content,
      result: body.messages.at(-1),
    }),
    expectedHistory: {
      call: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris', units: 'celsius' } }],
      result: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: RESULT }] },
    },
  },
];

describe.each(WIRES)('$spec over HTTP', (wire) => {
  async function start(script: Script): Promise<{ fake: FakeLlm; model: ModelClient }> {
    const fake = await wire.start(script);
    servers.push(fake);
    return { fake, model: createModel(wire.spec, { ...wire.options(fake, wire.key), maxRetries: 2 }) };
  }

  it('turns a tool call into a ToolCall with parsed arguments and usage, sending the tools as given at temperature 0', async () => {
    const { fake, model } = await start([wire.answer({ calls: [CALL], usage: { input: 42, output: 7 } })]);
    const turn = await model.generate(request(FIRST));
    expect(turn.toolCalls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris', units: 'celsius' } }]);
    expect(turn.usage).toEqual({ inputTokens: 42, outputTokens: 7 });
    expect(turn.finishReason).toBe('tool-calls');
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe(wire.path);
    wire.authorised(sent, wire.key);
    expect(sent.body.temperature).toBe(0);
    expect(wire.toolsSent(sent.body)).toEqual(wire.expectedTools);
    expect(JSON.stringify(sent.body)).toContain("What's the weather in Paris?");
  });

  it('sends the tool call and its result back in the follow-up and returns the text answer', async () => {
    const { fake, model } = await start([wire.answer({ text: 'It is 18 °C and sunny in Paris.', usage: { input: 80, output: 12 } })]);
    const turn = await model.generate(request(FOLLOW_UP));
    expect(turn).toEqual({
      text: 'It is 18 °C and sunny in Paris.',
      toolCalls: [],
      usage: { inputTokens: 80, outputTokens: 12 },
      finishReason: 'stop',
      wireMs: expect.any(Number),
    });
    expect(wire.historySent(fake.requests[0]!.body)).toEqual(wire.expectedHistory);
  });

  it('waits out a 429 with Retry-After and then succeeds', async () => {
    const { fake, model } = await start([wire.error(429, 'Rate limit reached', { 'retry-after': '1' }), wire.answer({ calls: [CALL] })]);
    const turn = await model.generate(request(FIRST));
    expect(turn.toolCalls.map((c) => c.name)).toEqual(['get_weather']);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up on a 500 after maxRetries retries with a provider-error naming the status', async () => {
    // retry-after-ms keeps the test fast; without it the SDK backs off 2 s, then 4 s.
    const { fake, model } = await start((_r, i) => wire.error(500, `Internal failure ${i}`, { 'retry-after-ms': '5' }));
    const error = await failure(model.generate(request(FIRST)));
    expect(error.kind).toBe('provider-error');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('after 3 attempts');
    expect(fake.requests).toHaveLength(3);
  });

  it('reports an unreadable body as bad-response, without retrying it', async () => {
    const { fake, model } = await start([reply.garbage()]);
    const error = await failure(model.generate(request(FIRST)));
    expect(error.kind).toBe('bad-response');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a model that never answers as timeout', async () => {
    const fake = await wire.start([reply.hang()]);
    servers.push(fake);
    const model = createModel(wire.spec, { ...wire.options(fake, wire.key), timeoutMs: 300 });
    const error = await failure(model.generate(request(FIRST)));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('300 ms');
  });

  it('passes a cancellation by the caller through as it is, not as a timeout', async () => {
    const { model } = await start([reply.hang()]);
    const controller = new AbortController();
    const pending = model.generate(request(FIRST), controller.signal);
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toThrow('run cancelled');
  });

  it('keeps the key out of the message when the provider rejects it', async () => {
    const { model } = await start([wire.error(401, `Incorrect API key provided: ${wire.key}. Find your key in the dashboard.`)]);
    const error = await failure(model.generate(request(FIRST)));
    expect(error.kind).toBe('rejected-credentials');
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain(wire.key);
  });
});

it.each([
  ['openai:gpt-4.1-mini', 'OPENAI_API_KEY'],
  ['openai-chat:gpt-4.1-mini', 'OPENAI_API_KEY'],
  ['anthropic:claude-sonnet-4-5', 'ANTHROPIC_API_KEY'],
  ['google:gemini-2.5-flash', 'GOOGLE_GENERATIVE_AI_API_KEY'],
])('%s refuses to start without %s, naming it', (spec, variable) => {
  const error = thrown(() => createModel(spec, { baseUrl: 'http://127.0.0.1:9/v1', env: { [variable]: '  ' } }));
  expect(error.kind).toBe('missing-credentials');
  expect(error.message).toBe(`${variable} is not set: export it, or choose another --model`);
});

describe('provider details', () => {
  it('sends no Authorization to an OpenAI-compatible server when no key is set, and adds /v1 to a bare host', async () => {
    const fake = await startFakeOpenAI([chatCompletion({ text: 'hello' })]);
    servers.push(fake);
    await createModel('openai-compatible:local', { baseUrl: fake.baseUrl.replace(/\/v1$/, '/'), env: {} }).generate(request(FIRST));
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.body.model).toBe('local');
  });

  it('drops temperature for good once a model rejects it, instead of failing every call', async () => {
    const fake = await startFakeOpenAI([
      openAIError(400, "Unsupported parameter: 'temperature' is not supported with this model."),
      chatCompletion({ text: 'first' }),
      chatCompletion({ text: 'second' }),
    ]);
    servers.push(fake);
    const model = createModel('openai-chat:some-reasoning-model', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } });
    expect((await model.generate(request(FIRST))).text).toBe('first');
    expect((await model.generate(request(FIRST))).text).toBe('second');
    expect(fake.requests.map((r) => r.body.temperature)).toEqual([0, undefined, undefined]);
  });

  it('keeps temperature when a 400 only mentions a schema property called temperature', async () => {
    const fake = await startFakeOpenAI([
      openAIError(400, "Invalid schema for function 'get_weather': 'temperature' is not of type 'object'."),
      chatCompletion({ text: 'second' }),
    ]);
    servers.push(fake);
    const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } });
    expect((await failure(model.generate(request(FIRST)))).message).toContain('HTTP 400');
    await model.generate(request(FIRST));
    expect(fake.requests.map((r) => r.body.temperature)).toEqual([0, 0]);
  });

  it('lets the SDK drop temperature for OpenAI reasoning models it knows', async () => {
    const fake = await startFakeOpenAI([responsesAnswer({ text: 'ok' })]);
    servers.push(fake);
    await createModel('openai:o4-mini', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } }).generate(request(FIRST));
    expect(fake.requests[0]!.body).not.toHaveProperty('temperature');
    expect(fake.requests[0]!.body.store).toBe(false);
  });

  it('sends isError tool results as errors (Anthropic is_error)', async () => {
    const fake = await startFakeAnthropic([anthropicMessage({ text: 'Sorry.' })]);
    servers.push(fake);
    const messages: ChatMessage[] = [
      ...FOLLOW_UP.slice(0, -1),
      { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'unknown city', isError: true },
    ];
    await createModel('anthropic:claude-haiku-4-5', { baseUrl: fake.baseUrl, env: { ANTHROPIC_API_KEY: 'k-test' } }).generate(
      request(messages),
    );
    expect(fake.requests[0]!.body.messages.at(-1).content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: 'unknown city', is_error: true },
    ]);
  });

  it('rejects tool-call arguments that are not JSON as bad-response', async () => {
    const fake = await startFakeOpenAI([chatCompletion({ calls: [{ id: 'c', name: 'get_weather', arguments: '{"city": Par' }] })]);
    servers.push(fake);
    const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } });
    expect((await failure(model.generate(request(FIRST)))).kind).toBe('bad-response');
  });

  it('speaks to Google through GOOGLE_GENERATIVE_AI_BASE_URL with x-goog-api-key', async () => {
    const fake = await startFakeGoogle([
      googleAnswer({ calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], usage: { input: 9, output: 3 } }),
    ]);
    servers.push(fake);
    const env = { GOOGLE_GENERATIVE_AI_API_KEY: 'g-test-key', GOOGLE_GENERATIVE_AI_BASE_URL: fake.baseUrl };
    const turn = await createModel('google:gemini-2.5-flash', { env }).generate(request(FIRST));
    expect(turn.toolCalls).toMatchObject([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(turn.usage).toEqual({ inputTokens: 9, outputTokens: 3 });
    expect(fake.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(fake.requests[0]!.headers['x-goog-api-key']).toBe('g-test-key');
    expect(fake.requests[0]!.body.generationConfig.temperature).toBe(0);
  });

  it('speaks to Ollama through OLLAMA_BASE_URL without a key, adding /api to a bare host', async () => {
    const fake = await startFakeOllama([
      ollamaAnswer({ calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], usage: { input: 11, output: 4 } }),
    ]);
    servers.push(fake);
    const model = createModel('ollama:llama3.1:8b', { env: { OLLAMA_BASE_URL: fake.baseUrl.replace(/\/api$/, '') } });
    const turn = await model.generate({ ...request(FIRST), maxOutputTokens: 256 });
    expect(turn.toolCalls).toMatchObject([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(turn.usage).toEqual({ inputTokens: 11, outputTokens: 4 });
    expect(fake.requests[0]!.body.model).toBe('llama3.1:8b');
    // Ollama reads sampling settings from `options` only.
    expect(fake.requests[0]!.body.options).toEqual({ temperature: 0, num_predict: 256 });
  });
});

describe('model ids', () => {
  it('splits at the first colon, so model names keep theirs', () => {
    expect(parseModelId('ollama:llama3.1:8b')).toEqual({ provider: 'ollama', model: 'llama3.1:8b' });
    expect(parseModelId('openai-compatible:meta-llama/llama-3.1-8b-instruct:free')).toEqual({
      provider: 'openai-compatible',
      model: 'meta-llama/llama-3.1-8b-instruct:free',
    });
  });

  it.each(['gpt-4.1', 'openai:', ':gpt-4.1', 'OpenAI:gpt-4.1', 'baseline:fast', ''])('rejects %j as bad-model-id', (spec) => {
    expect(thrown(() => parseModelId(spec)).kind).toBe('bad-model-id');
  });

  it('names the known providers when the provider is unknown', () => {
    const error = thrown(() => createModel('openia:gpt-4.1', { env: {} }));
    expect(error.kind).toBe('unknown-provider');
    expect(error.message).toContain('"openia"');
    expect(error.message).toContain('openai, openai-chat, anthropic, google, openai-compatible, ollama, baseline');
  });

  it('needs a base URL for openai-compatible, and an http(s) one', () => {
    expect(thrown(() => createModel('openai-compatible:m', { env: {} })).message).toContain('--base-url');
    expect(thrown(() => createModel('openai-compatible:m', { baseUrl: 'ftp://host/v1', env: {} })).kind).toBe('bad-model-id');
  });

  it('gives the lexical baseline for "baseline", with no key needed', () => {
    const model = createModel('baseline', { env: {} });
    expect(model).toMatchObject({ id: 'baseline', kind: 'lexical-baseline' });
  });
});

describe('response cache', () => {
  let dir = '';
  afterEach(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  async function cached(mode: CacheMode): Promise<{ fake: FakeLlm; model: ModelClient; stats: CallStats }> {
    dir ||= await mkdtemp(path.join(tmpdir(), 'mcpgate-cache-'));
    const fake = await startFakeOpenAI((_r, i) => chatCompletion({ text: `answer ${i + 1}` }));
    servers.push(fake);
    const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
    const inner = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } });
    return { fake, model: withCache(inner, { dir, mode }, stats), stats };
  }

  const entries = async (): Promise<string[]> => (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.json'));

  it('serves a repeated identical call from disk, marked as cached', async () => {
    const { fake, model, stats } = await cached('write');
    const first = await model.generate(request(FIRST));
    const second = await model.generate(request(FIRST));
    // The wire time belongs to the delivery that went to the provider, not to the stored answer.
    const { wireMs, ...answer } = first;
    expect(wireMs).toBeGreaterThan(0);
    expect(second).toEqual({ ...answer, cached: true });
    expect(first.cached).toBeUndefined();
    const [entry] = await entries();
    expect(JSON.parse(await readFile(path.join(dir, entry!), 'utf8'))).toEqual({
      cache: CACHE_VERSION,
      provider: 'openai-chat',
      model: 'gpt-4.1-mini',
      request: cacheKey('openai-chat:gpt-4.1-mini', request(FIRST)),
      turn: answer,
    });
    expect(stats).toEqual({ providerCalls: 1, cacheHits: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps repeats independent: another sample index is a miss', async () => {
    const { model, stats } = await cached('write');
    const a = await model.generate(request(FIRST, 0));
    const b = await model.generate(request(FIRST, 1));
    expect([a.text, b.text]).toEqual(['answer 1', 'answer 2']);
    expect(stats).toEqual({ providerCalls: 2, cacheHits: 0 });
  });

  it('read mode serves nothing new and stores nothing', async () => {
    const { model, stats } = await cached('read');
    await model.generate(request(FIRST));
    await model.generate(request(FIRST));
    expect(stats).toEqual({ providerCalls: 2, cacheHits: 0 });
    expect(await entries()).toEqual([]);
  });

  it('read mode serves what write mode stored; off mode never reads it; refresh replaces it', async () => {
    const writer = await cached('write');
    await writer.model.generate(request(FIRST));
    const reader = await cached('read');
    expect((await reader.model.generate(request(FIRST))).text).toBe('answer 1');
    expect(reader.stats).toEqual({ providerCalls: 0, cacheHits: 1 });
    const off = await cached('off');
    await off.model.generate(request(FIRST));
    expect(off.stats).toEqual({ providerCalls: 1, cacheHits: 0 });
    const refresh = await cached('refresh');
    await refresh.model.generate(request(FIRST));
    await refresh.model.generate(request(FIRST));
    expect(refresh.stats).toEqual({ providerCalls: 2, cacheHits: 0 });
    const after = await cached('read');
    expect((await after.model.generate(request(FIRST))).text).toBe('answer 2');
  });

  it('treats a corrupt entry as a miss and overwrites it', async () => {
    const { model, stats } = await cached('write');
    const key = cacheKey('openai-chat:gpt-4.1-mini', request(FIRST));
    const file = path.join(dir, key.slice(0, 2), `${key}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"turn": {"text": 4', 'utf8');
    expect((await model.generate(request(FIRST))).text).toBe('answer 1');
    expect(JSON.parse(await readFile(file, 'utf8')).turn.text).toBe('answer 1');
    expect((await model.generate(request(FIRST))).text).toBe('answer 1');
    expect(stats).toEqual({ providerCalls: 1, cacheHits: 1 });
  });

  it('keys on content, not on key order, and on every part of the request', () => {
    const reordered: ToolSpec = {
      inputSchema: {
        additionalProperties: false,
        required: ['city'],
        properties: WEATHER.inputSchema.properties as object,
        type: 'object',
      },
      description: WEATHER.description!,
      name: WEATHER.name,
    };
    const base = request(FIRST);
    expect(cacheKey('m', { ...base, tools: [reordered] })).toBe(cacheKey('m', base));
    expect(cacheKey('m2', base)).not.toBe(cacheKey('m', base));
    expect(cacheKey('m', { ...base, temperature: 0.5 })).not.toBe(cacheKey('m', base));
    expect(cacheKey('m', { ...base, maxOutputTokens: 100 })).not.toBe(cacheKey('m', base));
    expect(cacheKey('m', { ...base, messages: FOLLOW_UP })).not.toBe(cacheKey('m', base));
  });

  it('never caches the baseline and counts no provider call for it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mcpgate-cache-'));
    const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
    const baseline = withCache(createBaseline(), { dir, mode: 'write' }, stats);
    await baseline.generate(request(FIRST));
    expect(stats).toEqual({ providerCalls: 0, cacheHits: 0 });
    expect(await entries()).toEqual([]);
  });
});
