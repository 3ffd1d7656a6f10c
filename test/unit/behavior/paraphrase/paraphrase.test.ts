/** Paraphrases: what a writer's answer yields, which cases are reworded, and how the rewordings become cases. */

import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../../../src/behavior/golden/index.js';
import { notRewordable, paraphrasedCase, paraphraseGolden, readParaphrases } from '../../../../src/behavior/paraphrase/paraphrase.js';
import type { GenerateRequest, ModelClient } from '../../../../src/models/types.js';

describe('reading a writer answer', () => {
  it('keeps new, distinct, non-empty strings of the first JSON object, at most the number asked', () => {
    const text = `Sure!\n${JSON.stringify({ paraphrases: ['Is it hot in Madrid?', ' is it hot in madrid? ', '', 7, 'Show me the original', 'A third', 'A fourth'] })}`;
    expect(readParaphrases(text, 'Show me the ORIGINAL', 2)).toEqual({ texts: ['Is it hot in Madrid?', 'A third'] });
  });

  it('names what is wrong with an answer that is not the JSON asked for', () => {
    expect(readParaphrases('No.', 'x', 2)).toEqual({ problem: 'the answer holds no JSON object' });
    expect(readParaphrases('{nope}', 'x', 2)).toEqual({ problem: 'the answer is not valid JSON' });
    expect(readParaphrases('{"rewordings": []}', 'x', 2)).toEqual({ problem: 'the answer has no "paraphrases" list' });
  });
});

const GOLDEN = parseGoldenSet(
  `
cases:
  - id: weather
    prompt: Is it warm in Denver today?
    expect_tool: get_weather
    expect_args: { city: Denver }
    forbid_tools: [get_forecast]
    rubric: Says the temperature.
    kind: hard
    tags: [weather]
  - id: two-turns
    turns: [Hi, What about Oslo?]
    expect_tool: get_weather
  - id: short
    prompt: Tell me a joke
    expect_tool: null
`,
  'tasks.yaml',
);

/** A writer answering from a table; `short` gets one rewording of the two asked for. */
function writer(): ModelClient & { asked: GenerateRequest[] } {
  const asked: GenerateRequest[] = [];
  return {
    id: 'openai:writer',
    kind: 'llm',
    asked,
    generate(request) {
      asked.push(request);
      const { request: prompt } = JSON.parse(request.messages[1]!.content as string) as { request: string };
      const list = prompt.startsWith('Is it') ? ['Is it hot in Madrid right now?', 'Warm in Lima today?'] : ['Say something funny'];
      return Promise.resolve({ text: JSON.stringify({ paraphrases: list }), toolCalls: [], usage: {}, finishReason: 'stop' });
    },
  };
}

describe('rewording a golden set', () => {
  it('rewords single-turn cases only, into cases that keep the expected and forbidden tools and drop what the new wording breaks', async () => {
    const model = writer();
    const set = await paraphraseGolden(GOLDEN, model, 2);
    expect(model.asked).toHaveLength(2);
    expect(notRewordable(GOLDEN.cases[1]!)).toBe('multi-turn');
    expect(set.skipped).toEqual([{ id: 'two-turns', reason: 'multi-turn' }]);
    expect(set.unreadable).toEqual([{ id: 'short', problem: 'openai:writer: 1 usable rewording(s) of 2 asked' }]);
    expect(set.cases.map((c) => [c.id, c.turns[0]])).toEqual([
      ['weather~p1', 'Is it hot in Madrid right now?'],
      ['weather~p2', 'Warm in Lima today?'],
      ['short~p1', 'Say something funny'],
    ]);
    const [first] = set.cases;
    expect(first).toMatchObject({
      expect: { kind: 'tool', tool: 'get_weather' },
      forbidTools: ['get_forecast'],
      expectArgs: {},
      kind: 'soft',
    });
    expect(first!.tags).toEqual(['weather', 'paraphrase']);
    expect(first!.rubric).toBeUndefined();
    expect(paraphrasedCase('weather~p2')).toBe('weather');
  });
});
