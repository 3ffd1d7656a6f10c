/**
 * `mcpgate improve` end to end: on the reference server with the lexical baseline and proposer (the
 * gain must be reproduced by a later `eval --descriptions`), and on a server with two confusable tools
 * with a scripted model whose pick depends only on the descriptions it is sent and a second scripted
 * model as proposer, where the report's numbers are exactly what the scripts make true.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImproveReport } from '../../../src/behavior/improve/outputs.js';
import { ROOT, readJson, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { CONFUSABLE, CONFUSABLE_GOLDEN } from '../../helpers/confusable.js';
import { descriptionModel } from '../../helpers/description-model.js';
import { anthropicMessage, startFakeAnthropic, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

const GOLDEN = join(ROOT, 'examples/golden/tasks.yaml');

describe('mcpgate improve --model baseline --proposer lexical on the reference server', () => {
  const dir = tempDir();
  const out = join(dir, 'improve');

  it('proves a significant gain on the cases the baseline confuses, without a regression, and an eval reproduces it', async () => {
    const run = await runCli(
      [
        'improve',
        '--stdio',
        referenceStdio(),
        '--golden',
        GOLDEN,
        '--model',
        'baseline',
        '--proposer',
        'lexical',
        '--runs',
        '3',
        '--out',
        out,
        '--cache',
        'off',
      ],
      { timeoutMs: 120_000 },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('proposer lexical (heuristic, not a model)');
    const report = readJson<ImproveReport>(join(out, 'improve.json'));
    expect(report.proposer).toMatchObject({ id: 'lexical', kind: 'heuristic' });
    expect(report.accepted).toBeGreaterThan(0);
    for (const t of report.trials.filter((x) => x.accepted)) {
      expect(t.gain.significant).toBe(true);
      expect(t.gain.low).toBeGreaterThan(0);
      expect(t.regressions).toEqual([]);
    }
    // The A/B test refused at least one proposal: a rejection is part of the proof, not noise.
    expect(report.trials.some((t) => !t.accepted)).toBe(true);
    const [model] = report.perModel;
    expect(model!.after!.selection.k).toBeGreaterThan(model!.before.selection.k);
    expect(model!.after!.passes.k).toBeGreaterThanOrEqual(model!.before.passes.k);
    expect(report.cases.length).toBeGreaterThan(0);
    for (const c of report.cases) expect(c.after!.selection.k).toBeGreaterThanOrEqual(c.before.selection.k);

    const yaml = readFileSync(join(out, 'descriptions.yaml'), 'utf8');
    expect(yaml).toMatch(/^# Tool descriptions proposed by mcpgate improve \(proposer lexical, a lexical heuristic\)/);
    expect(readFileSync(join(out, 'descriptions.diff'), 'utf8')).toMatch(/^--- \S+ \(server\)\n\+\+\+ \S+ \(proposed\)/);

    // A fresh eval with the overrides sees the same right picks, case by case.
    const evals = await Promise.all(
      [[], ['--descriptions', join(out, 'descriptions.yaml')]].map(async (extra, i) => {
        const file = join(dir, `eval-${i}.json`);
        await runCli(
          ['eval', '--stdio', referenceStdio(), '--golden', GOLDEN, '--runs', '3', '--cache', 'off', '--report', file, ...extra],
          { timeoutMs: 60_000 },
        );
        return readPossibleReport(file).eval!;
      }),
    );
    const picks = (ev: (typeof evals)[number]): number =>
      ev.confusions!.baseline!.cells.filter((c) => c.expected === c.chosen).reduce((n, c) => n + c.count, 0);
    expect(picks(evals[0]!)).toBe(model!.before.selection.k);
    expect(picks(evals[1]!)).toBe(model!.after!.selection.k);
    expect(evals[1]!.summary.selectionAccuracy!).toBeGreaterThan(evals[0]!.summary.selectionAccuracy!);
  }, 240_000);
});

/** The proposer script: one answer, the rewrite the test decides. */
function proposerAnswering(description: string): (request: RecordedRequest) => ReturnType<typeof anthropicMessage> {
  return () => anthropicMessage({ text: `Here you go:\n${JSON.stringify({ rewrites: [{ tool: 'find_orders', description }] })}` });
}

describe('mcpgate improve with a scripted model and a scripted proposer', () => {
  let llm: FakeLlm;
  let proposer: FakeLlm;
  const dir = tempDir();
  const env = (): NodeJS.ProcessEnv => ({
    OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef',
    OPENAI_BASE_URL: llm.baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef0123456789',
    ANTHROPIC_BASE_URL: proposer.baseUrl,
  });
  const args = (outDir: string, extra: string[] = []): string[] => [
    'improve',
    '--stdio',
    CONFUSABLE,
    '--golden',
    join(dir, 'tasks.yaml'),
    '--model',
    'openai-chat:reads-descriptions',
    '--proposer',
    'anthropic:proposer',
    '--runs',
    '3',
    '--cache',
    'off',
    '--out',
    outDir,
    ...extra,
  ];
  beforeAll(() => writeFileSync(join(dir, 'tasks.yaml'), CONFUSABLE_GOLDEN));
  afterAll(async () => {
    await llm.close();
    await proposer.close();
  });

  it('accepts the rewrite that fixes archived-orders, with the numbers the scripts make true', async () => {
    llm = await startFakeOpenAI(descriptionModel);
    proposer = await startFakeAnthropic(proposerAnswering('Find archived orders of a customer, shipped or closed.'));
    const run = await runCli(args(join(dir, 'good')), { env: env(), timeoutMs: 120_000 });
    expect(run.code).toBe(0);
    const report = readJson<ImproveReport>(join(dir, 'good', 'improve.json'));
    expect(report.proposer).toEqual({ id: 'anthropic:proposer', kind: 'model' });
    // The tie between the twin descriptions sends archived-orders to search_orders, listed first.
    expect(report.trials).toHaveLength(1);
    const [trial] = report.trials;
    expect(trial!.confusion).toEqual({ expected: 'find_orders', chosen: 'search_orders', samples: 3, cases: ['archived-orders'] });
    expect(trial!.targetCases).toEqual(['archived-orders']);
    expect([...trial!.guardCases].sort()).toEqual(['joke', 'open-orders', 'server-time']);
    expect(trial!.gain).toMatchObject({ before: { k: 0, n: 3 }, after: { k: 3, n: 3 }, significant: true });
    expect(trial!.accepted).toBe(true);
    // Every call that reached a provider is counted: the model's and the proposer's.
    expect(report.budget.providerCalls).toBe(llm.requests.length + proposer.requests.length);
    expect(proposer.requests).toHaveLength(1);
    const asked = JSON.stringify(proposer.requests[0]!.body.messages);
    expect(asked).toContain('Show the archived orders of ACME');
    expect(report.perModel).toEqual([
      {
        model: 'openai-chat:reads-descriptions',
        before: { selection: { k: 9, n: 12 }, passes: { k: 9, n: 12 } },
        after: { selection: { k: 12, n: 12 }, passes: { k: 12, n: 12 } },
      },
    ]);
    expect(report.stopped).toBe('no confusion left');
    expect(readFileSync(join(dir, 'good', 'descriptions.yaml'), 'utf8')).toContain(
      '"find_orders":\n  description: "Find archived orders of a customer, shipped or closed."',
    );
    const markdown = readFileSync(join(dir, 'good', 'improve.md'), 'utf8');
    expect(markdown).toContain('| 1 | find\\_orders → search\\_orders | rewrite of find\\_orders | 0/3 → 3/3 |');
    expect(markdown).toContain('| archived-orders | openai-chat:reads-descriptions | 0/3 → 3/3 | 0/3 → 3/3 |');
    expect(readFileSync(join(dir, 'good', 'descriptions.diff'), 'utf8')).toContain(
      '- Find the orders of a customer by status.\n+ Find archived orders of a customer, shipped or closed.',
    );
    await llm.close();
    await proposer.close();
  }, 120_000);

  it('rejects a rewrite that wins its case but takes open-orders with it (exit 1, no overrides written)', async () => {
    llm = await startFakeOpenAI(descriptionModel);
    // Shares "search", "open" and "orders" with the open-orders prompt: it now wins that case too.
    proposer = await startFakeAnthropic(proposerAnswering('Find archived orders, or search open orders, of a customer.'));
    const run = await runCli(args(join(dir, 'greedy')), { env: env(), timeoutMs: 120_000 });
    expect(run.code).toBe(1);
    const report = readJson<ImproveReport>(join(dir, 'greedy', 'improve.json'));
    const [trial] = report.trials;
    expect(trial!.gain).toMatchObject({ before: { k: 0, n: 3 }, after: { k: 3, n: 3 }, significant: true });
    expect(trial!.regressions).toEqual([
      'open-orders with openai-chat:reads-descriptions: selection 3/3 -> 0/3',
      'open-orders with openai-chat:reads-descriptions: passes 3/3 -> 0/3',
    ]);
    expect(trial!.accepted).toBe(false);
    expect(report.accepted).toBe(0);
    expect(report.perModel[0]!.after).toEqual(report.perModel[0]!.before);
    expect(existsSync(join(dir, 'greedy', 'descriptions.yaml'))).toBe(false);
    await llm.close();
    await proposer.close();
  }, 120_000);

  it('refuses a budget below the first measurement before calling any model (exit 2)', async () => {
    llm = await startFakeOpenAI(descriptionModel);
    proposer = await startFakeAnthropic(proposerAnswering('unused'));
    const run = await runCli(args(join(dir, 'poor'), ['--budget', '5']), { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--budget 5 is below the first measurement alone \(about 24 provider calls\)/);
    expect(llm.requests).toHaveLength(0);
  }, 60_000);
});
