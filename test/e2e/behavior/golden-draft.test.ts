/**
 * `mcpgate golden draft`: a golden file drafted from tools/list, every case `draft: true` with a
 * comment saying why, refused by eval until reviewed and scored whole once it is; prompts and
 * arguments by a scripted model over the real OpenAI wire format, or
 * placeholders offline; confusion-pair cases for the pair `overlap` ranks high; negative cases always.
 * `mcpgate init` drafts through the same path, so both give the same cases for one server; the counts
 * printed are the cases written, and a server without tools gets an error, never an empty file.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { CONFUSABLE } from '../../helpers/confusable.js';
import { descriptionModel } from '../../helpers/description-model.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

interface Drafted {
  id: string;
  draft: boolean;
  prompt: string;
  expect_tool: string | null;
  expect_args?: Record<string, unknown>;
  forbid_tools?: string[];
}

/** A stdio server listing exactly these tools (test/fixtures/listed-tools-server.ts). */
function listing(tools: unknown[]): string {
  return `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/listed-tools-server.js')}" '${JSON.stringify(tools)}'`;
}

const GENERAL_NEGATIVES = ['negative-small-talk', 'negative-general-knowledge', 'negative-out-of-scope'];

/** The comment lines right above each `- id:` line, joined: what the draft says about the case. */
function comments(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const id = /^ {2}- id: "(.*)"$/.exec(line)?.[1];
    if (id === undefined) return;
    const block: string[] = [];
    for (let j = i - 1; j >= 0 && lines[j]!.startsWith('  # '); j--) block.unshift(lines[j]!.slice(4));
    out.set(id, block.join(' '));
  });
  return out;
}

/** `N draft case(s) from ...: A for single tools, B for confusion pairs, C negative` as numbers. */
function printedCounts(stdout: string): { total: number; tools: number; pairs: number; negatives: number } {
  const m = /(\d+) draft case\(s\) from .*?: (\d+) for single tools, (\d+) for confusion pairs, (\d+) negative/.exec(stdout);
  if (!m) throw new Error(`no counts in: ${stdout}`);
  return { total: Number(m[1]), tools: Number(m[2]), pairs: Number(m[3]), negatives: Number(m[4]) };
}

function countsOf(cases: Drafted[]): ReturnType<typeof printedCounts> {
  const pairs = cases.filter((c) => c.forbid_tools).length;
  const negatives = cases.filter((c) => c.expect_tool === null).length;
  return { total: cases.length, tools: cases.length - pairs - negatives, pairs, negatives };
}

/** Answers per tool, and per pair, from what the request names; the model `mute` answers nothing usable. */
function writer(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  if (request.body.model === 'mute') return chatCompletion({ text: 'I would rather not.' });
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
    expect(run.stdout).toContain('11 draft case(s) from 3 tool(s): 3 for single tools, 2 for confusion pairs, 6 negative');
    const text = readFileSync(out, 'utf8');
    const cases = (parse(text) as { cases: Drafted[] }).cases;
    expect(printedCounts(run.stdout)).toEqual(countsOf(cases));
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
      ...GENERAL_NEGATIVES,
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
    // Every case says why it exists, in whole sentences above it, wrapped to 100 columns and never cut.
    const why = comments(text);
    expect([...why.keys()]).toEqual(cases.map((c) => c.id));
    expect(why.get('search_orders-1')).toBe(
      'search_orders: Search the orders of a customer by status. A request it should handle, with the arguments openai-chat:writer expects: check both.',
    );
    expect(why.get('pair-find_orders-not-search_orders')).toBe(
      'confusion pair: find_orders and search_orders overlap 0.70 (shared: orders, customer, status, look); the model must not pick search_orders',
    );
    expect(why.get('search_orders-negative-1')).toBe("near search_orders's domain but no tool fits: calling one is over-activation");
    expect(text.split('\n').every((line) => line.length <= 100)).toBe(true);
  }, 60_000);

  it('writes cases that run: once reviewed (the draft lines deleted), eval scores every one, arguments, negatives and pairs included', async () => {
    const out = join(dir, 'to-run.yaml');
    const drafted = await runCli(
      ['golden', 'draft', '--stdio', CONFUSABLE, '--model', 'openai-chat:writer', '--cache', 'off', '--out', out],
      {
        env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl },
      },
    );
    expect(drafted.code, drafted.stderr).toBe(0);
    const draftedIds = (parse(readFileSync(out, 'utf8')) as { cases: Drafted[] }).cases.map((c) => c.id);
    // As drafted, eval refuses them: no case is run before a person has read it.
    const refused = await runCli(['eval', '--stdio', CONFUSABLE, '--golden', out, '--runs', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is a draft and is not run until edited');

    const reviewed = join(dir, 'reviewed.yaml');
    writeFileSync(reviewed, readFileSync(out, 'utf8').replace(/^ {4}draft: true\n/gm, ''));
    const model = await startFakeOpenAI(descriptionModel);
    const report = join(dir, 'reviewed.json');
    const run = await runCli(
      [
        'eval',
        '--stdio',
        CONFUSABLE,
        '--golden',
        reviewed,
        '--model',
        'openai-chat:reads-descriptions',
        '--runs',
        '1',
        '--cache',
        'off',
        '--report',
        report,
      ],
      { env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: model.baseUrl } },
    );
    await model.close();
    expect(run.stderr).not.toContain('internal error');
    const cases = readPossibleReport(report).eval!.cases;
    expect(cases.map((c) => c.id)).toEqual(draftedIds);
    expect(cases.every((c) => c.status === 'pass' || c.status === 'fail')).toBe(true);
    const sample = (id: string) => cases.find((c) => c.id === id)!.trajectories[0]!;
    // A positive with expected arguments: the scripted model sends customer only, so status is missed.
    expect(sample('search_orders-1')).toMatchObject({ selection: 'correct', args: { ok: false } });
    expect(sample('search_orders-1').args!.issues.map((i) => [i.argument, i.kind])).toEqual([['status', 'missing']]);
    // A negative near the tool's domain: calling search_orders is over-activation.
    expect(sample('search_orders-negative-1')).toMatchObject({ overActivated: true, status: 'fail' });
    // A pair case: the twin is forbidden, and the tie sends the scripted model to it.
    expect(sample('pair-find_orders-not-search_orders')).toMatchObject({ forbidden: ['search_orders'], status: 'fail' });
    expect(sample('get_time-1')).toMatchObject({ selection: 'correct', status: 'pass' });
  }, 60_000);

  it('a model that writes nothing usable still leaves a case per tool and per side of the pair, as placeholders', async () => {
    const out = join(dir, 'mute.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--model', 'openai-chat:mute', '--cache', 'off', '--out', out], {
      env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl },
    });
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const cases = (parse(text) as { cases: Drafted[] }).cases;
    expect(cases.map((c) => c.id)).toEqual([
      'search_orders-basic',
      'find_orders-basic',
      'get_time-basic',
      'pair-search_orders-not-find_orders',
      'pair-find_orders-not-search_orders',
      ...GENERAL_NEGATIVES,
    ]);
    expect(cases.filter((c) => c.expect_tool !== null).every((c) => c.prompt.startsWith('REPLACE ME'))).toBe(true);
    expect(comments(text).get('get_time-basic')).toContain('openai-chat:mute wrote no usable prompt for it: write one.');
    expect(printedCounts(run.stdout)).toEqual(countsOf(cases));
  }, 60_000);

  it('refuses --model baseline, which cannot write a prompt, and writes no file (exit 2)', async () => {
    const out = join(dir, 'baseline.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--model', 'baseline', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mcpgate: --model baseline is the lexical baseline: it ranks tools and cannot write prompts');
    expect(existsSync(out)).toBe(false);
  });

  it('a server without tools is an error naming why, never an empty golden file (exit 2)', async () => {
    const out = join(dir, 'none.yaml');
    const server = listing([]);
    const run = await runCli(['golden', 'draft', '--stdio', server, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`mcpgate: no golden case drafted: ${server} lists no tools`);
    expect(existsSync(out)).toBe(false);
  });

  it('offline: placeholders, still one case per tool and per side of the pair; never overwrites without --force', async () => {
    const out = join(dir, 'offline.yaml');
    const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out]);
    expect(run.code).toBe(0);
    const cases = (parse(readFileSync(out, 'utf8')) as { cases: Drafted[] }).cases;
    expect(cases).toHaveLength(8);
    expect(cases.every((c) => c.draft)).toBe(true);
    expect(cases.filter((c) => c.expect_tool !== null).every((c) => c.prompt.startsWith('REPLACE ME'))).toBe(true);
    expect(cases.filter((c) => c.forbid_tools).map((c) => c.id)).toEqual([
      'pair-search_orders-not-find_orders',
      'pair-find_orders-not-search_orders',
    ]);
    // Offline drafts have negative cases too, with real prompts.
    expect(cases.filter((c) => c.expect_tool === null).map((c) => c.id)).toEqual(GENERAL_NEGATIVES);
    expect(printedCounts(run.stdout)).toEqual({ total: 8, tools: 3, pairs: 2, negatives: 3 });

    writeFileSync(out, 'mine\n');
    const again = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`not overwriting ${out}`);
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
  }, 60_000);

  it("the schema line points at the project's node_modules from however deep the file is written", async () => {
    const project = tempDir();
    for (const [out, up] of [
      ['tasks.yaml', './'],
      ['golden/deeper/tasks.yaml', '../../'],
    ] as const) {
      const run = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out], { cwd: project });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(join(project, out), 'utf8').split('\n')[0]).toBe(
        `# yaml-language-server: $schema=${up}node_modules/mcpgate/docs/schemas/golden.schema.json`,
      );
    }
  }, 60_000);
});

describe('mcpgate init and golden draft share one drafting path', () => {
  it('give the same cases, with the same comments, for the same server; each prints the counts it wrote', async () => {
    const project = tempDir();
    const init = await runCli(['init', '--dir', project, '--stdio', CONFUSABLE]);
    expect(init.code, init.stderr).toBe(0);
    const out = join(tempDir(), 'draft.yaml');
    const draft = await runCli(['golden', 'draft', '--stdio', CONFUSABLE, '--out', out]);
    expect(draft.code, draft.stderr).toBe(0);

    const initText = readFileSync(join(project, 'golden/tasks.yaml'), 'utf8');
    const draftText = readFileSync(out, 'utf8');
    const initCases = (parse(initText) as { cases: Drafted[] }).cases;
    expect(initCases).toEqual((parse(draftText) as { cases: Drafted[] }).cases);
    expect(comments(initText)).toEqual(comments(draftText));
    expect(initCases.filter((c) => c.expect_tool === null).length).toBe(3);
    expect(printedCounts(init.stdout)).toEqual(countsOf(initCases));
    expect(printedCounts(draft.stdout)).toEqual(countsOf(initCases));
    expect(init.stdout).toContain('drafted golden/tasks.yaml: 8 draft case(s) from 3 tool(s)');
  }, 60_000);

  it('wraps a long description whole into the comment, and cuts only an abnormal one, saying so', async () => {
    const long = `Find notes by ${'words and more words '.repeat(6)}in one go. A second sentence is left out.`;
    const huge = `Reads ${'x'.repeat(600)} and more`;
    const out = join(tempDir(), 'long.yaml');
    const server = listing([
      { name: 'find_notes', description: long, inputSchema: { type: 'object' } },
      { name: 'huge', description: huge, inputSchema: { type: 'object' } },
    ]);
    const run = await runCli(['golden', 'draft', '--stdio', server, '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const why = comments(text);
    expect(why.get('find_notes-basic')).toBe(
      `find_notes: ${long.split('. ')[0]}. Write a request a user would type that needs find_notes.`,
    );
    expect(text.split('\n').filter((line) => line.startsWith('  # find_notes: ')).length).toBe(1);
    expect(why.get('huge-basic')).toContain('… (cut at 400 characters; the whole description is in tools/list)');
  }, 60_000);
});
