/**
 * No stuffing: the entities of a golden set found without a model, and the guard that refuses a
 * rewrite carrying one of them or another tool's words, naming what it found.
 */

import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../../../src/behavior/golden/index.js';
import { goldenEntities } from '../../../../src/behavior/improve/entities.js';
import { stuffingGuard } from '../../../../src/behavior/improve/guard.js';
import type { Proposal } from '../../../../src/behavior/improve/types.js';
import type { ServerTool } from '../../../../src/spec/tool.js';

const GOLDEN = parseGoldenSet(
  `
cases:
  - id: weather-denver
    prompt: What's the weather like in Denver right now?
    expect_tool: get_weather
    expect_args:
      city: Denver
  - id: weather-oslo
    prompt: how warm is it in oslo today? Tokyo is next.
    expect_tool: get_weather
    expect_args:
      city: { match: one_of, values: [Oslo, OSL] }
      days: { match: numeric, value: 5 }
  - id: convert
    prompt: Convert £1,200 to Japanese yen for the New York office, costs code CUS-003.
    expect_tool: convert_currency
    expect_args:
      amount: { match: numeric, value: 1200 }
      to: { match: regex, pattern: '^J' }
  - id: invoices-acme
    prompt: Show the invoices of ACME and mail billing@acme.example, subject "late payment", in May.
    expect_tool: search_invoices
  - id: trip
    prompt: In Tokyo, what should I pack?
    expect_tool: null
`,
  'tasks.yaml',
).cases;

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ServerTool => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

const TOOLS: ServerTool[] = [
  tool('get_weather', 'Weather right now in a city. Known cities: Paris, Tokyo.', {
    city: { type: 'string', description: 'City name' },
    units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  }),
  tool('get_forecast', 'Forecast of the coming days for a city.', { city: { type: 'string' }, days: { type: 'integer' } }),
  tool('search_invoices', 'Search invoices by status or customer.', { status: { type: 'string' } }),
  tool('send_email', 'Send an email to a recipient.', { to: { type: 'string' }, subject: { type: 'string' } }),
  tool('convert_currency', 'Convert an amount between currencies.', { amount: { type: 'number' } }),
];

const rewrite = (name: string, after: string): Proposal => {
  const before = TOOLS.find((t) => t.name === name)!.description ?? '';
  return { label: `rewrite ${name}`, rewrites: [{ tool: name, before, after: `${before} ${after}`, why: 'test' }] };
};

describe('the entities of a golden set', () => {
  const found = new Map(goldenEntities(GOLDEN).map((e) => [e.text, e]));

  it('takes expected argument values: strings, numbers of two digits or more, each value of a one_of', () => {
    expect(found.get('Denver')).toMatchObject({ caseId: 'weather-denver', from: 'expected argument', words: ['denver'] });
    expect(found.get('Oslo')).toMatchObject({ from: 'expected argument' });
    expect(found.get('OSL')).toMatchObject({ from: 'expected argument' });
    expect(found.get('1200')).toMatchObject({ caseId: 'convert', from: 'expected argument' });
    // A single digit is a count, and a regex is no value.
    expect(found.has('5')).toBe(false);
    expect(found.has('^J')).toBe(false);
  });

  it('takes from the prompts: names inside a sentence, runs of them, capitals, codes, numbers, emails and quotes', () => {
    expect(found.get('New York')).toMatchObject({ from: 'prompt', words: ['new', 'york'] });
    expect(found.get('Japanese')).toMatchObject({ caseId: 'convert' });
    expect(found.get('CUS-003')).toMatchObject({ words: ['cus', '003'] });
    expect(found.get('1,200')).toMatchObject({ caseId: 'convert', from: 'prompt' });
    expect(found.get('ACME')).toMatchObject({ caseId: 'invoices-acme' });
    expect(found.get('billing@acme.example')).toMatchObject({ words: ['billing', 'acme', 'example'] });
    expect(found.get('late payment')).toMatchObject({ from: 'prompt' });
    // "Tokyo is next." starts a sentence; it counts there because "In Tokyo, ..." writes it capitalised inside one.
    expect(found.get('Tokyo')).toMatchObject({ caseId: 'weather-oslo' });
  });

  it('leaves out grammar: a capitalised word starting a sentence, pronouns and stop words ("May")', () => {
    for (const word of ['What', 'Convert', 'Show', 'In', 'I', 'May', 'Denver right']) expect(found.has(word)).toBe(false);
  });
});

describe('the stuffing guard', () => {
  const guard = stuffingGuard(TOOLS, GOLDEN);

  it("refuses a golden case's entity values, naming the entity and the case", () => {
    expect(guard.refusal(rewrite('get_weather', 'Use it for requests such as: warm, denver, umbrella, oslo, today.'))).toBe(
      'get_weather: carries "Denver", an expected argument of golden case weather-denver: a description says what the tool does, not what a test asks',
    );
    expect(guard.refusal(rewrite('convert_currency', 'Handles yen for offices in New York.'))).toContain(
      'carries "New York", named in the prompt of golden case convert',
    );
    expect(guard.refusal(rewrite('search_invoices', 'Finds the invoices of customers such as Acme.'))).toContain('carries "ACME"');
  });

  it("allows an entity the tool's own text already holds (its description, parameters or enum values)", () => {
    expect(guard.refusal(rewrite('get_weather', 'Also for Tokyo and fahrenheit.'))).toBeUndefined();
  });

  it("refuses another tool's distinctive words, naming the tool, unless the sentence names that tool", () => {
    expect(guard.refusal(rewrite('search_invoices', 'Use it for requests such as: look, email, list, finance.'))).toBe(
      'search_invoices: carries "email", a term of send_email and not of search_invoices: a sentence that uses another tool\'s words must name that tool',
    );
    expect(guard.refusal(rewrite('get_weather', 'Not for the coming days: use get_forecast.'))).toBeUndefined();
    expect(guard.refusal(rewrite('get_weather', 'Also the coming days.'))).toContain('a term of get_forecast');
  });

  it('passes a rewrite that says what the tool does in its own and ordinary words', () => {
    expect(guard.refusal(rewrite('get_weather', 'Use it for the current conditions: temperature, rain, wind, sunshine.'))).toBeUndefined();
    // "city" is in two of five tools: nobody's in particular, and get_weather has it anyway.
    expect(guard.refusal(rewrite('search_invoices', 'Search them by city too.'))).toBeUndefined();
  });
});
