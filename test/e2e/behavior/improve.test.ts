/**
 * `mcpgate improve` end to end. On the reference server with the baseline: the lexical proposer,
 * whose rewrites carry no golden entity and whose in-sample gains are said not to generalise; and a
 * scripted model proposer, whose copy of the words it was shown is rejected on the held-out cases
 * while rewrites that say what the tools are for are kept (and a later `eval --descriptions`
 * reproduces the gain). On a server with two confusable tools and four cases: a rewrite with no
 * unseen case to prove it is not kept, one borrowing the twin's words is refused, and the budget.
 */

import { existsSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../../src/behavior/golden/index.js';
import { carries, goldenEntities } from '../../../src/behavior/improve/entities.js';
import type { ImproveReport } from '../../../src/behavior/improve/report.js';
import { foreignTerms, toolVocabulary } from '../../../src/behavior/improve/vocabulary.js';
import type { GoldenCase } from '../../../src/behavior/types.js';
import { isStopWord, words } from '../../../src/models/lexical/terms.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { ROOT, readJson, referenceStdio, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { CONFUSABLE, CONFUSABLE_GOLDEN } from '../../helpers/confusable.js';
import { descriptionModel } from '../../helpers/description-model.js';
import { anthropicMessage, startFakeAnthropic, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';
import { proposerQuestion, rewritesAnswer, type ProposerQuestion } from '../../helpers/heldout.js';

const GOLDEN = join(ROOT, 'examples/golden/tasks.yaml');

/** improve --model baseline on the reference server, with the lexical proposer or a scripted model proposer. */
function improveReference(out: string, extra: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runCli(
    [
      'improve',
      '--stdio',
      referenceStdio(),
      '--golden',
      GOLDEN,
      '--model',
      'baseline',
      '--runs',
      '3',
      '--out',
      out,
      '--cache',
      'off',
      ...extra,
    ],
    { timeoutMs: 120_000, env },
  );
}

/** Golden entities a rewrite adds to a tool's text (the server's own text may hold some: "Known cities: Paris"). */
function addedEntities(rewrite: { before: string; after: string }): string[] {
  return goldenEntities(loadGoldenSet(GOLDEN).cases)
    .filter((e) => carries(words(rewrite.after), e.words) && !carries(words(rewrite.before), e.words))
    .map((e) => e.text);
}

describe('mcpgate improve --model baseline --proposer lexical on the reference server', () => {
  const dir = tempDir();

  it('splits in seeded folds, adds no golden entity, and keeps nothing that does not hold on unseen cases', async () => {
    // Five runs a case: the lexical purpose line moves a case or two, which three runs could not call significant.
    const run = await improveReference(join(dir, 'seed-1'), ['--proposer', 'lexical', '--runs', '5']);
    expect(run.stdout).toContain('proposer lexical (heuristic, not a model)');
    const report = readJson<ImproveReport>(join(dir, 'seed-1', 'improve.json'));
    expect(report.proposer).toMatchObject({ id: 'lexical', kind: 'heuristic' });
    expect(report.split).toMatchObject({ kind: 'k-fold', folds: 3, seed: 1 });
    expect(report.split.parts.flat().sort()).toEqual(
      loadGoldenSet(GOLDEN)
        .cases.map((c) => c.id)
        .sort(),
    );
    expect(report.trials.length).toBeGreaterThan(0);
    for (const t of report.trials) {
      for (const r of t.proposal.rewrites) expect({ tool: r.tool, entities: addedEntities(r) }).toEqual({ tool: r.tool, entities: [] });
      // Nothing the proposer was shown is held out in its trial.
      expect(t.confusion.cases.filter((id) => report.split.parts[t.part - 1]!.includes(id))).toEqual([]);
      expect(t.accepted).toBe(t.heldOut.significant && t.regressions.length === 0);
    }
    // Its purpose lines help the cases it learned from and not the others: said so, and nothing kept.
    const overfit = report.trials.filter((t) => t.inSample.significant && !t.heldOut.significant);
    expect(overfit.length).toBeGreaterThan(0);
    for (const t of overfit) expect(t.reason).toMatch(/: the gain does not generalise$/);
    expect(run.code).toBe(report.accepted > 0 ? 0 : 1);

    // The same seed draws the same split and the same trials; another seed another split.
    const again = await improveReference(join(dir, 'seed-1-again'), ['--proposer', 'lexical', '--runs', '5', '--seed', '1']);
    expect(again.code).toBe(run.code);
    const same = readJson<ImproveReport>(join(dir, 'seed-1-again', 'improve.json'));
    expect(same.split).toEqual(report.split);
    expect(same.trials).toEqual(report.trials);
    await improveReference(join(dir, 'seed-2'), ['--proposer', 'lexical', '--runs', '5', '--seed', '2']);
    expect(readJson<ImproveReport>(join(dir, 'seed-2', 'improve.json')).split.parts).not.toEqual(report.split.parts);
  }, 240_000);

  it('with --holdout reports the in-sample and held-out figures of the whole run apart', async () => {
    const run = await improveReference(join(dir, 'holdout'), ['--proposer', 'lexical', '--holdout', '0.4']);
    const report = readJson<ImproveReport>(join(dir, 'holdout', 'improve.json'));
    expect(report.split).toMatchObject({ kind: 'holdout', holdout: 0.4, chosen: '--holdout' });
    const held = new Set(report.split.parts[0]);
    expect(held.size).toBe(Math.round(0.4 * loadGoldenSet(GOLDEN).cases.length));
    const [model] = report.perModel;
    const picks = (keep: (id: string) => boolean): number =>
      report.cases.filter((c) => keep(c.id)).reduce((n, c) => n + c.before.selection.k, 0);
    expect(model!.heldOut!.before.selection.k).toBe(picks((id) => held.has(id)));
    expect(model!.inSample!.before.selection.k).toBe(picks((id) => !held.has(id)));
    expect(model!.inSample!.before.selection.n + model!.heldOut!.before.selection.n).toBe(model!.before.selection.n);
    expect(run.stdout).toContain('held-out (cases no proposer saw): picks');
    expect(run.stdout).toContain('split: one hold-out of 40%, seed 1 (--holdout)');
  }, 120_000);
});

/**
 * What an overfitting proposer copies: the words of the requests it was shown, as long as the guard
 * would let them through (no golden entity, no other tool's distinctive term).
 */
function copiedWords(question: ProposerQuestion, golden: readonly GoldenCase[]): string[] {
  const entities = goldenEntities(golden);
  const tools = question.tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: { type: 'object', properties: t.parameters },
  }));
  const vocabulary = toolVocabulary(tools);
  const found = question.requests
    .flatMap((r) => words(r.request))
    .filter((w) => /^\p{L}{4,}$/u.test(w) && !isStopWord(w))
    .filter((w) => !entities.some((e) => e.words.includes(w)))
    .filter((w) => foreignTerms(w, question.confusion.needed, vocabulary).length === 0);
  return [...new Set(found)];
}

/** What a proposer that knows the domain writes: the kinds of request each tool serves, no test's specifics. */
const GENERAL_REWRITES: Record<string, string> = {
  get_weather:
    'Use it for the conditions outside now or today: warm or cold, sunny or grey, raining, stormy or windy, and whether sunglasses or a coat are needed at the moment.',
  convert_currency:
    'Use it whenever money in one currency is wanted in another: how much dollars, euros, pounds, yen or francs are worth in another currency; exchange and change money.',
  get_forecast:
    'Use it for the coming days: tomorrow, the next few days, the whole week ahead, and whether an umbrella will be needed later.',
  create_invoice: 'Use it to bill a customer for something new: a fee, a retainer, a support charge, drafted for review.',
};

/** A scripted model proposer on the reference server: its answer is a function of the question improve asks. */
describe('mcpgate improve --model baseline with a scripted model proposer on the reference server', () => {
  let proposer: FakeLlm;
  const dir = tempDir();
  const env = (): NodeJS.ProcessEnv => ({
    ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef0123456789',
    ANTHROPIC_BASE_URL: proposer.baseUrl,
  });
  afterEach(async () => proposer?.close());

  it('rejects a rewrite made of the words of the cases it was shown, with the held-out figure', async () => {
    const golden = loadGoldenSet(GOLDEN).cases;
    proposer = await startFakeAnthropic((request) => {
      const question = proposerQuestion(request);
      const tool = question.tools.find((t) => t.name === question.confusion.needed);
      if (!tool) return rewritesAnswer([]);
      return rewritesAnswer([
        { tool: tool.name, description: `${tool.description} Use it for: ${copiedWords(question, golden).join(', ')}.` },
      ]);
    });
    const run = await improveReference(join(dir, 'copied'), ['--proposer', 'anthropic:proposer', '--proposal-rounds', '1'], env());
    const report = readJson<ImproveReport>(join(dir, 'copied', 'improve.json'));
    const overfit = report.trials.filter((t) => t.inSample.significant && !t.heldOut.significant);
    expect(overfit.length).toBeGreaterThan(0);
    for (const t of overfit) {
      expect(t.accepted).toBe(false);
      expect(t.reason).toContain(
        `but not the unseen ones (held-out ${t.heldOut.before.k}/${t.heldOut.before.n} -> ${t.heldOut.after.k}/${t.heldOut.after.n})`,
      );
    }
    for (const t of report.trials) for (const r of t.proposal.rewrites) expect(addedEntities(r)).toEqual([]);
    expect(run.stdout).toContain('the gain does not generalise');
  }, 240_000);

  it('accepts rewrites that say what the tools are for, with both figures, and an eval reproduces the gain', async () => {
    proposer = await startFakeAnthropic((request) => {
      const question = proposerQuestion(request);
      const text = GENERAL_REWRITES[question.confusion.needed];
      const tool = question.tools.find((t) => t.name === question.confusion.needed);
      // Once per tool: a later question shows the rewrite in place, and the proposer has nothing to add.
      return rewritesAnswer(
        text && tool && !tool.description.includes(text) ? [{ tool: tool.name, description: `${tool.description} ${text}` }] : [],
      );
    });
    const out = join(dir, 'general');
    const run = await improveReference(out, ['--proposer', 'anthropic:proposer'], env());
    expect(run.code, run.stderr).toBe(0);
    const report = readJson<ImproveReport>(join(out, 'improve.json'));
    const kept = report.trials.filter((t) => t.accepted);
    expect(kept.length).toBeGreaterThan(0);
    for (const t of kept) {
      expect(t.heldOut.significant).toBe(t.generalises);
      expect(t.generalises).toBe(true);
      expect(t.heldOut.after.k).toBeGreaterThan(t.heldOut.before.k);
      expect(t.regressions).toEqual([]);
      for (const r of t.proposal.rewrites) expect(addedEntities(r)).toEqual([]);
      expect(run.stdout).toContain(
        `in-sample ${t.inSample.before.k}/${t.inSample.before.n} -> ${t.inSample.after.k}/${t.inSample.after.n}; held-out ${t.heldOut.before.k}/${t.heldOut.before.n} -> ${t.heldOut.after.k}/${t.heldOut.after.n}`,
      );
    }
    const [model] = report.perModel;
    expect(model!.after!.selection.k).toBeGreaterThan(model!.before.selection.k);
    expect(report.cases.length).toBeGreaterThan(0);
    for (const c of report.cases) expect(c.after!.selection.k).toBeGreaterThanOrEqual(c.before.selection.k);
    expect(readFileSync(join(out, 'descriptions.diff'), 'utf8')).toMatch(/^--- \S+ \(server\)\n\+\+\+ \S+ \(proposed\)/);

    // A fresh eval with the overrides sees the same right picks.
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

  it('keeps no rewrite that no unseen case can prove, and says what would (exit 1)', async () => {
    llm = await startFakeOpenAI(descriptionModel);
    proposer = await startFakeAnthropic(proposerAnswering('Find archived orders of a customer, shipped or closed.'));
    const run = await runCli(args(join(dir, 'unproven')), { env: env(), timeoutMs: 120_000 });
    expect(run.code).toBe(1);
    const report = readJson<ImproveReport>(join(dir, 'unproven', 'improve.json'));
    expect(report.proposer).toEqual({ id: 'anthropic:proposer', kind: 'model' });
    // Four cases in three folds: archived-orders is the only case of its confusion, held out with joke in part 1.
    expect(report.split.parts).toEqual([['archived-orders', 'joke'], ['server-time'], ['open-orders']]);
    // Part 1 hides the confusion from the proposer; part 2 shows it and holds out server-time; part 3's answer is the same text.
    expect(proposer.requests).toHaveLength(2);
    expect(report.trials).toHaveLength(1);
    const [trial] = report.trials;
    expect(trial).toMatchObject({
      part: 2,
      confusion: { expected: 'find_orders', chosen: 'search_orders', samples: 3, cases: ['archived-orders'] },
    });
    expect(trial!.inSample).toMatchObject({ cases: ['archived-orders'], before: { k: 0, n: 3 }, after: { k: 3, n: 3 }, significant: true });
    expect(trial!.heldOut).toMatchObject({ cases: [], paraphrases: [], before: { k: 0, n: 0 }, significant: false });
    expect(trial!.accepted).toBe(false);
    expect(trial!.reason).toBe(
      'no unseen case tests it (no held-out case or paraphrase involving find_orders is picked wrong; in-sample 0/3 -> 3/3, significant): not accepted; add cases or use --paraphrases',
    );
    // Every call that reached a provider is counted: the model's and the proposer's.
    expect(report.budget.providerCalls).toBe(llm.requests.length + proposer.requests.length);
    expect(report.perModel[0]!.after).toEqual(report.perModel[0]!.before);
    expect(existsSync(join(dir, 'unproven', 'descriptions.yaml'))).toBe(false);
    await llm.close();
    await proposer.close();
  }, 120_000);

  it("refuses a rewrite that borrows its twin's words, before measuring it (exit 1)", async () => {
    llm = await startFakeOpenAI(descriptionModel);
    // "search" is search_orders' word: with it find_orders would also win open-orders.
    proposer = await startFakeAnthropic(proposerAnswering('Find archived orders, or search open orders, of a customer.'));
    const run = await runCli(args(join(dir, 'greedy')), { env: env(), timeoutMs: 120_000 });
    expect(run.code).toBe(1);
    const report = readJson<ImproveReport>(join(dir, 'greedy', 'improve.json'));
    expect(report.trials).toEqual([]);
    expect(report.refused.map((r) => r.reason)).toEqual([
      'find_orders: carries "search", a term of search_orders and not of find_orders: a sentence that uses another tool\'s words must name that tool',
    ]);
    expect(readFileSync(join(dir, 'greedy', 'improve.md'), 'utf8')).toContain('refused: find\\_orders: carries "search"');
    expect(report.accepted).toBe(0);
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
