/**
 * The lexical baseline on the reference server's real tool definitions: what it selects, when it
 * abstains, which arguments it reads off a prompt, and that it says plainly it is not an LLM.
 */

import { describe, expect, it } from 'vitest';
import { TOOL_DEFINITIONS } from '../../../examples/reference-server/tool-definitions.js';
import { createBaseline } from '../../../src/models/baseline.js';
import { missedArgumentHint } from '../../../src/models/lexical/arguments.js';
import { followsPlacePreposition, opensSentence } from '../../../src/models/lexical/before.js';
import type { ChatMessage, GenerateRequest, ModelTurn, ToolSpec } from '../../../src/models/types.js';

const TOOLS: ToolSpec[] = TOOL_DEFINITIONS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
const baseline = createBaseline();

const ask = (prompt: string, tools = TOOLS, model = baseline): Promise<ModelTurn> =>
  model.generate(request([{ role: 'user', content: prompt }], tools));

function request(messages: ChatMessage[], tools = TOOLS): GenerateRequest {
  return { messages, tools, sampleIndex: 0, temperature: 0 };
}

describe('lexical baseline: selection', () => {
  it.each([
    ["What's the weather in Paris?", 'get_weather'],
    ['convert 100 USD to EUR', 'convert_currency'],
    ['show me unpaid invoices', 'search_invoices'],
    ['forecast for Tokyo for the next 5 days', 'get_forecast'],
    ['look up customer CUS-001', 'lookup_customer'],
    ['delete invoice INV-1001', 'delete_invoice'],
    ['send an email to bob@example.com', 'send_email'],
    ['create an invoice for CUS-002 of 250 USD', 'create_invoice'],
  ])('%j selects %s', async (prompt, tool) => {
    const turn = await ask(prompt);
    expect(turn.toolCalls.map((c) => c.name)).toEqual([tool]);
    expect(turn.finishReason).toBe('tool-calls');
    expect(turn.text).toContain('Lexical baseline (not an LLM)');
  });

  it.each([
    'hi, how are you?',
    'what is 2+2?',
    'thanks!',
    'What is the capital of France?',
    'write me a poem about invoices',
    'What did we bill CUS-003 last month?',
  ])('abstains on %j, saying why', async (prompt) => {
    const turn = await ask(prompt);
    expect(turn.toolCalls).toEqual([]);
    expect(turn.finishReason).toBe('stop');
    expect(turn.text).toMatch(
      /^Lexical baseline \(not an LLM\): no tool matches this request well enough \((no tool shares a word with it|closest: \w+ at 0\.1\d); threshold 0\.2\)/,
    );
  });

  it('abstains when no tools are offered, and follows its threshold', async () => {
    expect((await ask("What's the weather in Paris?", [])).toolCalls).toEqual([]);
    expect((await ask("What's the weather in Paris?", TOOLS, createBaseline({ threshold: 0.95 }))).toolCalls).toEqual([]);
    expect((await ask('tell me about the weather', TOOLS, createBaseline({ threshold: 0 }))).toolCalls).toHaveLength(1);
  });

  it('names the runner-up, so tools it cannot tell apart show up as a tie', async () => {
    const twin = (name: string): ToolSpec => ({
      name,
      description: 'Look up the shipping status of a parcel.',
      inputSchema: { type: 'object' },
    });
    const turn = await ask('what is the shipping status of my parcel?', [twin('track'), twin('trace')]);
    expect(turn.toolCalls.map((c) => c.name)).toEqual(['track']);
    const [own, next] = [...turn.text.matchAll(/(\d\.\d\d)/g)].map((m) => m[1]);
    expect(turn.text).toContain('next: trace');
    expect(own).toBe(next);
  });
});

describe('lexical baseline: arguments', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["What's the weather in Paris?", 'get_weather', { city: 'Paris' }],
    ['Weather in New York please, in fahrenheit', 'get_weather', { city: 'New York', units: 'fahrenheit' }],
    ["What's the weather like in São Paulo?", 'get_weather', { city: 'São Paulo' }],
    ['forecast for Buenos Aires for the next 5 days', 'get_forecast', { city: 'Buenos Aires', days: 5 }],
    ['forecast for Tokyo for the next 12 days', 'get_forecast', { city: 'Tokyo' }],
    ['convert 100 USD to EUR', 'convert_currency', { amount: 100, from: 'USD', to: 'EUR' }],
    ['convert 1,250.50 GBP to JPY', 'convert_currency', { amount: 1250.5, from: 'GBP', to: 'JPY' }],
    ['look up the customer jane@acme.example', 'lookup_customer', { email: 'jane@acme.example' }],
    ['delete invoice INV-1001', 'delete_invoice', { invoice_id: 'INV-1001' }],
    [
      'List paid invoices of CUS-003 issued between 2024-01-01 and 2024-03-31, at most 5',
      'search_invoices',
      { customer_id: 'CUS-003', status: 'paid', date_range: { from: '2024-01-01', to: '2024-03-31' }, limit: 5 },
    ],
    [
      'create an invoice for CUS-002 of 250 EUR due 2025-03-01 for "Consulting, March"',
      'create_invoice',
      { customer_id: 'CUS-002', amount: 250, currency: 'EUR', description: 'Consulting, March', due_date: '2025-03-01' },
    ],
    [
      'send an email to bob@example.com with subject "Invoice 42" saying "It is attached."',
      'send_email',
      { to: 'bob@example.com', subject: 'Invoice 42', body: 'It is attached.' },
    ],
  ])('%j -> %s %j', async (prompt, tool, args) => {
    const turn = await ask(prompt);
    expect(turn.toolCalls).toEqual([{ id: 'baseline-0', name: tool, arguments: args }]);
  });

  it('reads ids shaped like an example when the schema gives no pattern', async () => {
    const close: ToolSpec = {
      name: 'close_ticket',
      description: 'Close a support ticket.',
      inputSchema: {
        type: 'object',
        properties: { ticket: { type: 'string', examples: ['C-042'] }, reason: { type: 'string' } },
        required: ['ticket'],
      },
    };
    const turn = await ask('please close ticket C-117 (and ignore C-1x)', [close]);
    expect(turn.toolCalls[0]?.arguments).toEqual({ ticket: 'C-117' });
  });

  it("fills a free-text property with one of the schema's own examples the prompt names, and only then", async () => {
    const demo: ToolSpec = {
      name: 'report_demo',
      description: 'Demo that asks who should receive a report.',
      inputSchema: {
        type: 'object',
        properties: { topic: { type: 'string', examples: ['quarterly report', 'annual report'] } },
        required: ['topic'],
      },
    };
    const args = async (prompt: string) => (await ask(prompt, [demo])).toolCalls[0]?.arguments;
    expect(await args('Run the report demo for the Annual Report, please')).toEqual({ topic: 'annual report' });
    // A quote states the value more plainly than an example does.
    expect(await args('Run the report demo for the "board report", not the quarterly report')).toEqual({ topic: 'board report' });
    // Part of a word is not naming it, and naming nothing leaves it out.
    expect(await args('Run the report demo for the semiannual report')).toEqual({});
    expect(await args('Run the report demo')).toEqual({});
  });

  it('leaves out what it cannot read, rather than guessing', async () => {
    const turn = await ask('show me unpaid invoices');
    expect(turn.toolCalls[0]?.arguments).toEqual({});
  });
});

describe('lexical baseline: why it left an argument out', () => {
  const note = (noteId: Record<string, unknown>): ToolSpec => ({
    name: 'get_note',
    description: 'Get one note by its id.',
    inputSchema: {
      type: 'object',
      properties: { note_id: { type: 'string', description: 'The id of the note', ...noteId } },
      required: ['note_id'],
    },
  });
  const args = async (prompt: string, tool: ToolSpec) => (await ask(prompt, [tool])).toolCalls[0]?.arguments;

  it('names the rule a free-text value needed, and the advice holds: quoted, or with a pattern, it is read', async () => {
    expect(await args('show me note n2', note({}))).toEqual({});
    expect(missedArgumentHint(note({}).inputSchema, 'note_id')).toBe(
      'the lexical baseline reads note_id only from a quoted value in the prompt: quote the value, or give the argument a pattern or enum',
    );
    expect(await args('show me note "n2"', note({}))).toEqual({ note_id: 'n2' });
    expect(await args('show me note n2', note({ pattern: '^n\\d+$' }))).toEqual({ note_id: 'n2' });
    expect(await args('show me note n2', note({ enum: ['n1', 'n2'] }))).toEqual({ note_id: 'n2' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'units',
      { type: 'string', enum: ['celsius', 'fahrenheit'] },
      'one of its enum values named in the prompt: name one of the enum values',
    ],
    ['days', { type: 'integer', minimum: 1, maximum: 7 }, 'a number within its bounds in the prompt: write the number in digits'],
    ['to', { type: 'string', format: 'email' }, 'an email address in the prompt: write the address in the prompt'],
    ['due_date', { type: 'string' }, 'an ISO date (YYYY-MM-DD) in the prompt: write the date as YYYY-MM-DD'],
    [
      'code',
      { type: 'string', pattern: '^[A-Z]{2}$' },
      'a value matching its pattern in the prompt: write the value as the pattern requires',
    ],
    [
      'city',
      { type: 'string' },
      'a capitalised name, or a quoted value in the prompt: quote the value, or give the argument a pattern or enum',
    ],
    ['urgent', { type: 'boolean' }, 'nothing (it reads no boolean value) in the prompt: a real model must fill it'],
  ])('for %s %j: %s', (name, schema, rule) => {
    expect(missedArgumentHint({ type: 'object', properties: { [name]: schema } }, name)).toBe(
      `the lexical baseline reads ${name} only from ${rule}`,
    );
  });

  it('says nothing about an argument the schema does not have', () => {
    expect(missedArgumentHint(note({}).inputSchema, 'title')).toBeUndefined();
  });
});

describe('lexical baseline: conversation', () => {
  it('answers a tool result with a short text and no further call', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: "What's the weather in Paris?" },
      { role: 'assistant', content: '', toolCalls: [{ id: 'baseline-0', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { role: 'tool', toolCallId: 'baseline-0', toolName: 'get_weather', content: '{"city":"Paris","temperature":18}' },
    ];
    const turn = await baseline.generate(request(messages));
    expect(turn).toEqual({
      text: 'Lexical baseline (not an LLM): get_weather returned: {"city":"Paris","temperature":18}',
      toolCalls: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      finishReason: 'stop',
    });
  });

  it('reports a failed tool as failed', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'delete invoice INV-1001' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'baseline-0', name: 'delete_invoice', arguments: { invoice_id: 'INV-1001' } }] },
      { role: 'tool', toolCallId: 'baseline-0', toolName: 'delete_invoice', content: 'refused: destructive', isError: true },
    ];
    expect((await baseline.generate(request(messages))).text).toContain('delete_invoice failed: refused: destructive');
  });

  it('calls once per user turn, with an id of its own per turn', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: "What's the weather in Paris?" },
      { role: 'assistant', content: '', toolCalls: [{ id: 'baseline-0', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { role: 'tool', toolCallId: 'baseline-0', toolName: 'get_weather', content: '{}' },
      { role: 'assistant', content: 'It is sunny.' },
      { role: 'user', content: 'and convert 20 EUR to USD' },
    ];
    const turn = await baseline.generate(request(messages));
    expect(turn.toolCalls).toEqual([{ id: 'baseline-4', name: 'convert_currency', arguments: { amount: 20, from: 'EUR', to: 'USD' } }]);
  });

  it('is deterministic, identifies itself as a lexical baseline and spends no tokens', async () => {
    const prompt = 'List paid invoices of CUS-003 issued between 2024-01-01 and 2024-03-31';
    const first = await ask(prompt);
    expect(await ask(prompt, TOOLS, createBaseline())).toEqual(first);
    expect(first.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(baseline).toMatchObject({ id: 'baseline', kind: 'lexical-baseline' });
  });
});

describe('lexical baseline: long prompts read in linear time, with the same answers', () => {
  // The regular expressions the backward reads replace, tested on the whole prefix as they were.
  const OPENS_SENTENCE = /(?:^|[.!?]\s*)$/;
  const PLACE_PREPOSITION = /\b(?:in|for|at|from|to|near|of|named|called)\s*$/i;
  const TEXTS = [
    "What's the weather in Paris? Then Tokyo.  Rome!\n\tNew York at  Lyon, near\u00a0Oslo",
    'IN Paris, within Berlin, éin Nice, _in Bonn, inLima, called  Springfield, renamed Gent, FROM\nKyiv',
    '',
    '   ',
    'to',
    'Is it? yes. ok!   named',
  ];

  it.each(TEXTS.map((text) => [text]))('reads what precedes every position of %j as the prefix regexes did', (text) => {
    for (let at = 0; at <= text.length; at++) {
      const prefix = text.slice(0, at);
      expect([at, opensSentence(text, at)]).toEqual([at, OPENS_SENTENCE.test(prefix.trimEnd())]);
      expect([at, followsPlacePreposition(text, at)]).toEqual([at, PLACE_PREPOSITION.test(prefix)]);
    }
  });

  it('skips a number inside a quote, found among many quotes', async () => {
    const quotes = Array.from({ length: 50 }, (_, i) => `"note ${i}"`).join(' ');
    const turn = await ask(`create an invoice ${quotes} "Order 17" for CUS-002 of 250 EUR`);
    expect(turn.toolCalls[0]?.arguments).toMatchObject({ customer_id: 'CUS-002', amount: 250, currency: 'EUR', description: 'note 0' });
  });

  it('reads the city off a long prompt: after a preposition first, never a sentence opener', async () => {
    const filler = 'Weather today. '.repeat(2_000);
    const weatherOnly = TOOLS.filter((t) => t.name === 'get_weather');
    const cityOf = async (prompt: string): Promise<unknown> =>
      (await ask(prompt, weatherOnly, createBaseline({ threshold: 0 }))).toolCalls[0]?.arguments;
    expect(await cityOf(`${filler}Lima, or the weather in Quito?`)).toEqual({ city: 'Quito' });
    expect(await cityOf(`${filler}Lima weather, Quito weather`)).toEqual({ city: 'Quito' });
  });
});
