/**
 * `mcpgate golden draft`: a golden file drafted from tools/list, every case `draft: true` with a
 * comment saying why; prompts and arguments by a scripted model over the real OpenAI wire format, or
 * placeholders offline; confusion-pair cases for the pair `overlap` ranks high.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli, tempDir } from './helpers/cli.js';
import { CONFUSABLE } from './helpers/confusable.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from './helpers/fake-llm.js';

interface Drafted {
  id: string;
  draft: boolean;
  prompt: string;
  expect_tool: string | null;
  expect_args?: Record<string, unknown>;
  forbid_tools?: string[];
}

/** Answers per tool, and per pair, from what the request names. */
function writer(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const asked = JSON.parse(String((request.body.messages as Array<{ content: string }>)[1]!.content)) as {
    tool?: { name: string };
    pair?: Array<{ name: string }>;
  };
  if (asked.pair)
    return chatCompletion({
      text: JSON.stringify({ prompt: `only ${asked.pair[0]!.name}, never ${asked.pair[1]!.name}`, arguments: { customer: 'ACME' } }),
    });
  const name = asked.tool!.name;
  const positives =
    name === 'get_time'
      ? [{ prompt: 'What time is it?', arguments: {} }]
      : [{ prompt: `${name} for ACME`, arguments: { customer: 'ACME', status: 'open' } }];
  return chatCompletion({ text: `Sure:\n${JSON.stringify({ positives, negatives: [`not a job for ${name}`] })}` });
}

describe('mcpgate golden draft', () => {
  let llm: FakeLlm;
  const dir = tempDir();
  beforeAll(async () => {
    llm = await startFakeOpenAI(writer);
  });
  afterAll(async () => llm.close());

  it('with a model: positives with expected arguments, negatives, and a case per side of the confusable pair', async () => {
    const out = join(dir, 'draft.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--model', 'openai-chat:writer', '--cache', 'off', '--out', out], {
      env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('8 draft case(s) from 3 tool(s), 2 of them confusion pairs');
    const text = readFileSync(out, 'utf8');
    const cases = (parse(text) as { cases: Drafted[] }).cases;
    expect(cases.every((c) => c.draft === true)).toBe(true);
    expect(cases.map((c) => c.id)).toEqual([
      'search_orders-1',
      'search_orders-negative-1',
      'find_orders-1',
      'find_orders-negative-1',
      'get_time-1',
      'get_time-negative-1',
      'pair-search_orders-not-find_orders',
      'pair-find_orders-not-search_orders',
    ]);
    expect(cases[0]).toEqual({
      id: 'search_orders-1',
      draft: true,
      prompt: 'search_orders for ACME',
      expect_tool: 'search_orders',
      expect_args: { customer: { match: 'normalized', value: 'ACME' }, status: { match: 'normalized', value: 'open' } },
    });
    expect(cases[1]).toMatchObject({ prompt: 'not a job for search_orders', expect_tool: null });
    expect(cases[4]).not.toHaveProperty('expect_args');
    expect(cases[7]).toMatchObject({
      prompt: 'only find_orders, never search_orders',
      expect_tool: 'find_orders',
      forbid_tools: ['search_orders'],
    });
    // Every case says why it exists, in the comment above it.
    expect(text.match(/^ {2}# /gm)).toHaveLength(cases.length);
    expect(text).toContain('# confusion pair: find_orders and search_orders overlap 0.70');
    expect(text).toContain("# near search_orders's domain but no tool fits: calling one is over-activation");
  }, 60_000);

  it('offline: placeholders, still one case per tool and per side of the pair; never overwrites without --force', async () => {
    const out = join(dir, 'offline.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out]);
    expect(run.code).toBe(0);
    const cases = (parse(readFileSync(out, 'utf8')) as { cases: Drafted[] }).cases;
    expect(cases).toHaveLength(5);
    expect(cases.every((c) => c.draft && c.prompt.startsWith('REPLACE ME'))).toBe(true);
    expect(cases.filter((c) => c.forbid_tools).map((c) => c.id)).toEqual([
      'pair-search_orders-not-find_orders',
      'pair-find_orders-not-search_orders',
    ]);

    writeFileSync(out, 'mine\n');
    const again = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`not overwriting ${out}`);
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
  }, 60_000);
});
