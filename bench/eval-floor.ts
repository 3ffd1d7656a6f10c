/**
 * The floor for `mcpgate eval`'s per-sample cost (bench/eval-scale.ts runs it as a process of its own):
 * the same model call -> tools/call -> model call sequence against the same fake model and server,
 * with nothing around it but a check of the arguments. Whatever mcpgate spends above this is its own.
 *
 * With --sdk the two model calls go through the AI SDK's generateText (the provider layer mcpgate
 * keeps), so the difference between the two floors is what the SDK costs and the rest is mcpgate's.
 *
 *   node dist/bench/eval-floor.js --url URL --base-url URL --cases 1000 --runs 5 --concurrency 4 [--sdk]
 */

import type { ModelMessage } from 'ai';
import { HEADERS, META, PROTOCOL_VERSION } from '../src/spec/protocol.js';

const arg = (name: string): string => process.argv[process.argv.indexOf(name) + 1]!;
const [url, baseUrl] = [arg('--url'), arg('--base-url')];
const [cases, runs, concurrency] = ['--cases', '--runs', '--concurrency'].map((n) => Number(arg(n))) as [number, number, number];
const META_PARAMS = {
  [META.protocolVersion]: PROTOCOL_VERSION,
  [META.clientCapabilities]: {},
  [META.clientInfo]: { name: 'floor', version: '0' },
};
let nextId = 0;

async function mcp(method: string, params: Record<string, unknown>, name?: string): Promise<{ result?: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  Object.assign(headers, { [HEADERS.protocolVersion]: PROTOCOL_VERSION, [HEADERS.method]: method }, name ? { [HEADERS.name]: name } : {});
  const body = JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: { ...params, _meta: META_PARAMS } });
  const text = await (await fetch(url, { method: 'POST', headers, body })).text();
  const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!;
  return JSON.parse(json) as { result?: Record<string, unknown> };
}

interface WireCall {
  id: string;
  function: { name: string; arguments: string };
}
interface Message {
  role: string;
  content: string | null;
  tool_calls?: WireCall[];
  tool_call_id?: string;
  name?: string;
}
type Reply = { content: string | null; tool_calls?: WireCall[] };

async function chat(messages: Message[], tools: unknown[]): Promise<Reply> {
  const body = JSON.stringify({ model: 'bench-model', messages, tools, temperature: 0 });
  const answer = (await (
    await fetch(`${baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  ).json()) as { choices: Array<{ message: Reply }> };
  return answer.choices[0]!.message;
}

/** --sdk: the same two model calls through the AI SDK's generateText, to show what the provider layer itself costs. */
async function sdkChat(): Promise<(messages: Message[]) => Promise<Reply>> {
  const { generateText, jsonSchema, tool } = await import('ai');
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  const model = createOpenAICompatible({ name: 'floor', baseURL: baseUrl, includeUsage: true }).chatModel('bench-model');
  const set = Object.fromEntries(
    listed.map((t) => [t.name, tool({ description: t.description ?? '', inputSchema: jsonSchema(t.inputSchema as object) })]),
  );
  const part = (m: Message): ModelMessage => {
    if (m.role === 'tool')
      return {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: m.tool_call_id!, toolName: m.name!, output: { type: 'text', value: m.content! } }],
      };
    if (m.role === 'assistant')
      return {
        role: 'assistant',
        content: (m.tool_calls ?? []).map((c) => ({
          type: 'tool-call' as const,
          toolCallId: c.id,
          toolName: c.function.name,
          input: JSON.parse(c.function.arguments) as unknown,
        })),
      };
    return { role: m.role as 'system' | 'user', content: m.content ?? '' };
  };
  return async (messages) => {
    const result = await generateText({
      model,
      messages: messages.map(part),
      allowSystemInMessages: true,
      tools: set,
      toolChoice: 'auto',
      temperature: 0,
      maxRetries: 0,
    });
    const calls = result.toolCalls.map((c) => ({ id: c.toolCallId, function: { name: c.toolName, arguments: JSON.stringify(c.input) } }));
    return { content: result.text, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
  };
}

const listed = (await mcp('tools/list', {})).result!.tools as Array<{ name: string; description?: string; inputSchema: unknown }>;
const tools = listed.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
const model = process.argv.includes('--sdk') ? await sdkChat() : (messages: Message[]) => chat(messages, tools);
const CITIES = ['Paris', 'Tokyo', 'Berlin', 'Lagos', 'Sydney'];
let passed = 0;

async function sample(i: number): Promise<void> {
  const city = i % 10 === 9 ? 'Atlantis' : CITIES[i % CITIES.length]!;
  const messages: Message[] = [{ role: 'system', content: 'You are an assistant with tools.' }];
  messages.push({ role: 'user', content: `What is the weather in ${city} right now? (case ${i})` });
  const first = await model(messages);
  const call = first.tool_calls![0]!;
  const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
  const result = (await mcp('tools/call', { name: call.function.name, arguments: args }, call.function.name)).result!;
  const text = (result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('\n');
  messages.push(
    { role: 'assistant', content: null, tool_calls: first.tool_calls },
    { role: 'tool', tool_call_id: call.id, name: call.function.name, content: text },
  );
  await model(messages);
  if (args.city === (i % 10 === 9 ? 'Paris' : city)) passed++;
}

let next = 0;
const total = cases * runs;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < total) await sample(next++ % cases);
  }),
);
console.log(JSON.stringify({ samples: total, passed }));
