/**
 * Confusion tables: the tally itself, shard merging, and end to end through `mcpgate eval` with a
 * scripted model whose wrong picks are known, into the JSON, terminal, Markdown and HTML outputs.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfusionTally, mergeConfusions } from '../../../src/behavior/confusions.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

describe('the tally', () => {
  it('counts samples per expected x chosen cell, with the cases behind each, none sorted last', () => {
    const tally = new ConfusionTally();
    tally.add('m', 'a', 'get_forecast', 'get_weather');
    tally.add('m', 'a', 'get_forecast', 'get_weather');
    tally.add('m', 'b', 'get_forecast', 'get_weather');
    tally.add('m', 'c', 'get_forecast', 'get_forecast');
    tally.add('m', 'd', null, 'get_weather');
    tally.add('m', 'e', 'get_weather', null);
    tally.add('m', 'f', null, null);
    const m = tally.tables(['m', 'other']).m;
    expect(m!.samples).toBe(7);
    expect(m!.cells).toEqual([
      { expected: 'get_forecast', chosen: 'get_forecast', count: 1, cases: [{ id: 'c', count: 1 }] },
      {
        expected: 'get_forecast',
        chosen: 'get_weather',
        count: 3,
        cases: [
          { id: 'a', count: 2 },
          { id: 'b', count: 1 },
        ],
      },
      { expected: 'get_weather', chosen: null, count: 1, cases: [{ id: 'e', count: 1 }] },
      { expected: null, chosen: 'get_weather', count: 1, cases: [{ id: 'd', count: 1 }] },
      { expected: null, chosen: null, count: 1, cases: [{ id: 'f', count: 1 }] },
    ]);
    expect(tally.tables(['other'])).toEqual({ other: { samples: 0, cells: [] } });
  });

  it('keeps a tool named "none" apart from no tool', () => {
    const tally = new ConfusionTally();
    tally.add('m', 'a', 'none', null);
    expect(tally.tables(['m']).m!.cells).toEqual([{ expected: 'none', chosen: null, count: 1, cases: [{ id: 'a', count: 1 }] }]);
  });

  it('merges shard tables cell by cell', () => {
    const one = new ConfusionTally();
    one.add('m', 'a', 'x', 'y');
    one.add('m', 'a', 'x', 'y');
    const two = new ConfusionTally();
    two.add('m', 'b', 'x', 'y');
    two.add('m', 'c', 'x', 'x');
    const merged = mergeConfusions(['m'], [one.tables(['m']), two.tables(['m']), undefined]);
    expect(merged.m).toEqual({
      samples: 4,
      cells: [
        { expected: 'x', chosen: 'x', count: 1, cases: [{ id: 'c', count: 1 }] },
        {
          expected: 'x',
          chosen: 'y',
          count: 3,
          cases: [
            { id: 'a', count: 2 },
            { id: 'b', count: 1 },
          ],
        },
      ],
    });
  });
});

const GOLDEN = `
cases:
  - id: weather-paris
    prompt: What's the weather in Paris?
    expect_tool: get_weather
  - id: forecast-oslo
    prompt: Forecast for Oslo this week?
    expect_tool: get_forecast
  - id: chit-chat
    prompt: Thanks, that is all.
    expect_tool: null
  - id: rates
    prompt: Convert 10 USD to EUR.
    expect_tool: convert_currency
`;

/** Right on weather, weather for a forecast, weather on chit-chat, nothing for a conversion. */
function confusedModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  if (messages[messages.length - 1]!.role === 'tool') return chatCompletion({ text: 'Done.' });
  const user = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  if (user.includes('Convert')) return chatCompletion({ text: 'I cannot.' });
  return chatCompletion({ calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] });
}

describe('mcpgate eval with a model that confuses tools', () => {
  let llm: FakeLlm;
  const dir = tempDir();
  beforeAll(async () => {
    llm = await startFakeOpenAI(confusedModel);
    writeFileSync(join(dir, 'tasks.yaml'), GOLDEN);
  });
  afterAll(async () => llm.close());

  it('reports the table the script makes true and shows the top confusions on the terminal, in Markdown and in HTML', async () => {
    const out = (name: string): string => join(dir, name);
    const run = await runCli(
      [
        'eval',
        '--stdio',
        referenceStdio(),
        '--golden',
        out('tasks.yaml'),
        '--model',
        'openai-chat:confused',
        '--runs',
        '2',
        '--cache',
        'off',
        '--report',
        out('r.json'),
        '--markdown',
        out('r.md'),
        '--html',
        out('r.html'),
      ],
      { env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl } },
    );
    expect(run.code).toBe(1);
    const table = readPossibleReport(out('r.json')).eval!.confusions!['openai-chat:confused']!;
    expect(table.samples).toBe(8);
    expect(table.cells).toEqual([
      { expected: 'convert_currency', chosen: null, count: 2, cases: [{ id: 'rates', count: 2 }] },
      { expected: 'get_forecast', chosen: 'get_weather', count: 2, cases: [{ id: 'forecast-oslo', count: 2 }] },
      { expected: 'get_weather', chosen: 'get_weather', count: 2, cases: [{ id: 'weather-paris', count: 2 }] },
      { expected: null, chosen: 'get_weather', count: 2, cases: [{ id: 'chit-chat', count: 2 }] },
    ]);

    expect(run.stdout).toContain('top confusions');
    expect(run.stdout).toMatch(/get_forecast -> get_weather {2}2 {2}forecast-oslo \(2\)/);
    expect(run.stdout).toMatch(/none -> get_weather {2}2 {2}chit-chat \(2\)/);
    expect(run.stdout).not.toMatch(/get_weather -> get_weather/);

    const markdown = readFileSync(out('r.md'), 'utf8');
    expect(markdown).toContain('| get\\_forecast | get\\_weather | 2 | forecast-oslo (2) |');
    expect(markdown).toContain('| convert\\_currency | none | 2 | rates (2) |');

    const html = readFileSync(out('r.html'), 'utf8');
    expect(html).toContain('<h3 id="confusions">');
    expect(html).toContain('expected get_forecast, called get_weather first in 2 samples: forecast-oslo (2)');
    // Three confusions shaded red, one right pick green.
    expect(html.match(/class="confusion-cell confused"/g)).toHaveLength(3);
    expect(html.match(/class="confusion-cell"/g)).toHaveLength(1);
  }, 60_000);
});
