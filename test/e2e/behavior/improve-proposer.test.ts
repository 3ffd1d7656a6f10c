/** The parts of improve that decide: the lexical proposer, the model proposer's parser, the measurements. */

import { describe, expect, it } from 'vitest';
import { lexicalProposals } from '../../../src/behavior/improve/lexical-proposer.js';
import { gainInterval, significantDrop } from '../../../src/behavior/improve/measure.js';
import { readProposal } from '../../../src/behavior/improve/model-proposer.js';
import type { ProposalInput } from '../../../src/behavior/improve/types.js';
import type { GoldenCase } from '../../../src/behavior/types.js';

const golden = (id: string, prompt: string, tool: string | null): GoldenCase => ({
  id,
  turns: [prompt],
  expect: tool === null ? { kind: 'none' } : { kind: 'tool', tool },
  expectArgs: {},
  forbidTools: [],
  kind: 'soft',
  tags: [],
  source: 'tasks.yaml:1',
});

const input: ProposalInput = {
  confusion: { expected: 'get_forecast', chosen: 'get_weather', samples: 5, cases: ['tomorrow'] },
  tools: [
    {
      name: 'get_weather',
      description: 'Weather right now in a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
    { name: 'get_forecast', description: 'Forecast for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  ],
  golden: {
    file: 'tasks.yaml',
    cases: [golden('tomorrow', 'Will it rain in the city tomorrow?', 'get_forecast'), golden('other', 'unrelated words', null)],
  },
  round: 1,
};

describe('the lexical proposer', () => {
  it('says what the expected tool does from its schema, then adds a "Not for" line to the tool chosen, then both', () => {
    const proposals = lexicalProposals(input);
    expect(proposals.map((p) => p.rewrites.map((r) => r.tool))).toEqual([
      ['get_forecast'],
      ['get_weather'],
      ['get_forecast', 'get_weather'],
    ]);
    // One prompt's words ("rain", "tomorrow") are that prompt's detail: not added.
    expect(proposals[0]!.rewrites[0]!.after).toBe('Forecast for a city. Use it to get forecast (city).');
    expect(proposals[1]!.rewrites[0]!.after).toBe('Weather right now in a city. Not for forecast: use get_forecast.');
    expect(proposals[0]!.rewrites[0]!.before).toBe('Forecast for a city');
  });

  it("adds the words at least two prompts of the tool share, never an entity or another tool's word", () => {
    const cases = [
      golden('berlin', 'Will it rain in Berlin over the coming week?', 'get_forecast'),
      golden('rome', 'Rain in Rome this coming week, or the week after?', 'get_forecast'),
      golden('tokyo', 'tokyo, coming week: umbrella? right now it is dry', 'get_forecast'),
      golden('other', 'coming week rain everywhere', null),
    ];
    const [first] = lexicalProposals({ ...input, golden: { file: 'tasks.yaml', cases } });
    // "rain", "coming", "week" recur; "right" is get_weather's; Berlin, Rome and tokyo are nobody's business here.
    expect(first!.rewrites[0]!.after).toBe('Forecast for a city. Use it to get forecast (city). Requests about: coming, week, rain.');
    expect(first!.rewrites[0]!.after).not.toMatch(/berlin|rome|tokyo|umbrella|right/i);
  });

  it('extends its own lines in a later round instead of adding them again', () => {
    const tools = [
      input.tools[0]!,
      { ...input.tools[1]!, description: 'Forecast for a city. Use it to get forecast (city). Requests about: rain.' },
    ];
    const cases = [golden('a', 'snow and rain next week', 'get_forecast'), golden('b', 'snow next week?', 'get_forecast')];
    const [first] = lexicalProposals({ ...input, tools, golden: { file: 'tasks.yaml', cases } });
    expect(first!.rewrites[0]!.after).toBe('Forecast for a city. Use it to get forecast (city). Requests about: rain, snow, next, week.');
  });

  it('proposes nothing when the tools already say all it could add', () => {
    const tools = [
      { ...input.tools[0]!, description: 'Weather right now. Use get_forecast for later.' },
      { ...input.tools[1]!, description: 'Forecast. Use it to get forecast (city).' },
    ];
    expect(lexicalProposals({ ...input, tools })).toEqual([]);
  });
});

describe('the model proposer', () => {
  it('keeps rewrites of listed tools that change something, from the first JSON object of the answer', () => {
    const text =
      'Sure!\n{"rewrites": [{"tool": "get_forecast", "description": " Days ahead. "}, {"tool": "nope", "description": "x"}, {"tool": "get_weather", "description": "Weather right now in a city."}, {"tool": "get_weather", "description": ""}]}\nDone.';
    const read = readProposal(text, input);
    expect('proposal' in read && read.proposal.rewrites).toEqual([
      {
        tool: 'get_forecast',
        before: 'Forecast for a city',
        after: 'Days ahead.',
        why: 'proposed for get_forecast called as get_weather in tomorrow',
      },
    ]);
  });

  it('gives no proposal for an answer that is not the JSON asked for, and says what is wrong with it', () => {
    expect(readProposal('I would rather not.', input)).toEqual({ problem: 'the answer holds no JSON object' });
    expect(readProposal('{"rewrites": "all of them"}', input)).toEqual({ problem: 'the answer has no "rewrites" list' });
    expect(readProposal('{broken}', input)).toEqual({ problem: 'the answer is not valid JSON' });
    expect(readProposal('{"rewrites": [{"tool": "nope", "description": "x"}]}', input)).toEqual({
      problem: 'the answer rewrites no listed tool (or changes nothing)',
    });
  });
});

describe('significance', () => {
  const z = 1.959964;
  it('calls 0/5 -> 5/5 a gain and 4/5 -> 5/5 noise', () => {
    expect(gainInterval({ k: 0, n: 5 }, { k: 5, n: 5 }, z).significant).toBe(true);
    expect(gainInterval({ k: 4, n: 5 }, { k: 5, n: 5 }, z).significant).toBe(false);
    expect(gainInterval({ k: 0, n: 0 }, { k: 5, n: 5 }, z).significant).toBe(false);
  });
  it('calls 5/5 -> 0/5 a drop, 5/5 -> 4/5 not one', () => {
    expect(significantDrop({ k: 5, n: 5 }, { k: 0, n: 5 }, z)).toBe(true);
    expect(significantDrop({ k: 5, n: 5 }, { k: 4, n: 5 }, z)).toBe(false);
  });
});
