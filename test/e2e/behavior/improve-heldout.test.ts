/**
 * improve's proof holds outside the cases it learned from, on the confusable server: a scripted model
 * whose pick depends only on the descriptions it is sent, and a scripted model proposer. A rewrite
 * that copies the words of the cases it was shown is rejected with the held-out figure; one that
 * describes the kind of request is accepted with both figures; one that carries a golden entity is
 * refused before it is measured; paraphrases are written once (cached) and counted as unseen cases;
 * and with two models a rewrite that helps one and drops the other is rejected.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../../src/behavior/golden/index.js';
import { goldenEntities, carries } from '../../../src/behavior/improve/entities.js';
import type { ImproveReport } from '../../../src/behavior/improve/report.js';
import { words } from '../../../src/models/lexical/terms.js';
import { readJson, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { CONFUSABLE } from '../../helpers/confusable.js';
import { descriptionModel, pickByDescription, wordsOf } from '../../helpers/description-model.js';
import {
  chatCompletion,
  startFakeAnthropic,
  startFakeOpenAI,
  type FakeLlm,
  type FakeReply,
  type RecordedRequest,
} from '../../helpers/fake-llm.js';
import {
  ARCHIVED_WORDS,
  CONFUSABLE_HELDOUT_GOLDEN,
  isParaphraseQuestion,
  paraphraseAnswer,
  proposerQuestion,
  rewritesAnswer,
  scriptedRewordings,
  shownWords,
} from '../../helpers/heldout.js';

const dir = tempDir();
const GOLDEN = join(dir, 'tasks.yaml');
const SERVER_FIND = 'Find the orders of a customer by status.';
const fakes: FakeLlm[] = [];
beforeAll(() => writeFileSync(GOLDEN, CONFUSABLE_HELDOUT_GOLDEN));
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

interface Improved {
  run: CliRun;
  out: string;
  report: ImproveReport;
  llm: FakeLlm;
  proposer: FakeLlm;
}

async function improveWith(
  name: string,
  propose: (request: RecordedRequest) => FakeReply,
  extra: string[] = [],
  model: (request: RecordedRequest) => FakeReply = descriptionModel,
): Promise<Improved> {
  const llm = await startFakeOpenAI(model);
  const proposer = await startFakeAnthropic((request) => (isParaphraseQuestion(request) ? paraphraseAnswer(request) : propose(request)));
  fakes.push(llm, proposer);
  const out = join(dir, name);
  const run = await runCli(
    [
      'improve',
      '--stdio',
      CONFUSABLE,
      '--golden',
      GOLDEN,
      '--proposer',
      'anthropic:proposer',
      '--runs',
      '3',
      '--cache',
      'off',
      '--out',
      out,
      ...(extra.includes('--model') ? [] : ['--model', 'openai-chat:reads-descriptions']),
      ...extra,
    ],
    {
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef',
        OPENAI_BASE_URL: llm.baseUrl,
        ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef0123456789',
        ANTHROPIC_BASE_URL: proposer.baseUrl,
      },
      timeoutMs: 120_000,
    },
  );
  const report = existsSync(join(out, 'improve.json')) ? readJson<ImproveReport>(join(out, 'improve.json')) : (undefined as never);
  return { run, out, report, llm, proposer };
}

/** A proposer that copies into find_orders the words the requests it was shown use for "archived". */
const overfitting = (request: RecordedRequest): FakeReply =>
  rewritesAnswer([{ tool: 'find_orders', description: `Find ${shownWords(proposerQuestion(request)).join(', ')} orders of a customer.` }]);

/** A proposer that describes the kind of request, whatever it was shown. */
const GENERAL = `Find archived orders of a customer: ${ARCHIVED_WORDS.join(', ')} orders, the order history.`;
const generalising = (): FakeReply => rewritesAnswer([{ tool: 'find_orders', description: GENERAL }]);

const ids = (report: ImproveReport, part: number): Set<string> => new Set(report.split.parts[part - 1]);

/** Golden entities (and the paraphrases') a text carries that the server's own text of the tool does not. */
function entitiesIn(text: string): string[] {
  const cases = loadGoldenSet(GOLDEN).cases;
  const own = words(`find_orders ${SERVER_FIND} customer status Customer whose orders to look at Order status, e.g. open or shipped`);
  return goldenEntities(cases)
    .filter((e) => carries(words(text), e.words) && !carries(own, e.words))
    .map((e) => e.text);
}

describe('improve on the confusable server, k folds', () => {
  it('rejects a rewrite that helps only the cases it learned from, with the held-out figure (exit 1)', async () => {
    const { run, out, report, proposer } = await improveWith('overfit', overfitting);
    expect(run.code, run.stderr).toBe(1);
    expect(report.split).toMatchObject({ kind: 'k-fold', folds: 3, seed: 1, chosen: '13 cases, fewer than 40: k-fold' });
    // One trial per fold, each proposed from the training part only and judged on the part held out.
    expect(report.trials.map((t) => t.part)).toEqual([1, 2, 3]);
    expect(proposer.requests).toHaveLength(3);
    for (const [i, trial] of report.trials.entries()) {
      const held = ids(report, trial.part);
      const shown = proposerQuestion(proposer.requests[i]!).requests.map((r) => r.case);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.filter((id) => held.has(id))).toEqual([]);
      const body = JSON.stringify(proposer.requests[i]!.body);
      for (const c of loadGoldenSet(GOLDEN).cases.filter((x) => held.has(x.id))) expect(body).not.toContain(c.turns[0]);
      // What it learned from: fixed; what it never saw: not.
      const archivedHeld = [...held].filter((id) => ARCHIVED_WORDS.some((w) => id.startsWith(w)));
      expect(trial.inSample).toMatchObject({ before: { k: 0, n: 12 }, after: { k: 12, n: 12 }, significant: true });
      expect(trial.heldOut).toMatchObject({ cases: archivedHeld, paraphrases: [], before: { k: 0, n: 6 }, after: { k: 0, n: 6 } });
      expect(trial.heldOut.significant).toBe(false);
      expect(trial.generalises).toBe(false);
      expect(trial.accepted).toBe(false);
      expect(trial.reason).toBe(
        'helps the cases it learned from (in-sample 0/12 -> 12/12, significant) but not the unseen ones (held-out 0/6 -> 0/6): the gain does not generalise',
      );
    }
    expect(report.accepted).toBe(0);
    expect(report.generalisation).toBe(
      'no gain generalised: 3 rewrite(s) helped the cases they learned from but not unseen ones, and none was kept',
    );
    expect(existsSync(join(out, 'descriptions.yaml'))).toBe(false);
    expect(run.stdout).toContain('in-sample 0/12 -> 12/12; held-out 0/6 -> 0/6');
    expect(run.stdout).toContain('the gain does not generalise');
    expect(run.stdout).toContain('split: 3 folds, each held out in turn, seed 1 (13 cases, fewer than 40: k-fold)');
    const markdown = readFileSync(join(out, 'improve.md'), 'utf8');
    expect(markdown).toContain('| In-sample (learned from) | Held-out (unseen) |');
    expect(markdown).toMatch(
      /\| 1 \| 1 \| find\\_orders → search\\_orders \| rewrite of find\\_orders \| 0\/12 → 12\/12 \| 0\/6 → 0\/6 \[/,
    );
    expect(markdown).toContain('**no gain generalised');
  }, 180_000);

  it('accepts a rewrite that generalises, with the in-sample and the held-out figure (exit 0)', async () => {
    const { run, out, report, proposer } = await improveWith('general', generalising);
    expect(run.code, run.stderr).toBe(0);
    expect(proposer.requests).toHaveLength(1);
    const [trial] = report.trials;
    const held = [...ids(report, 1)].filter((id) => ARCHIVED_WORDS.some((w) => id.startsWith(w)));
    expect(trial).toMatchObject({ round: 1, part: 1, accepted: true, generalises: true, regressions: [] });
    expect(trial!.inSample).toMatchObject({ before: { k: 0, n: 12 }, after: { k: 12, n: 12 }, significant: true });
    expect(trial!.heldOut).toMatchObject({ cases: held, before: { k: 0, n: 6 }, after: { k: 6, n: 6 }, significant: true });
    expect(trial!.reason).toBe(
      'right picks on unseen cases 0/6 -> 6/6, significant (in-sample 0/12 -> 12/12, significant); no case or model dropped significantly',
    );
    expect(report.generalisation).toBe(
      '1 rewrite(s) kept, each with a significant gain on cases its proposer never saw (right picks on those cases 0/6 -> 6/6)',
    );
    expect(report.stopped).toBe('no confusion left');
    expect(report.perModel[0]).toMatchObject({
      before: { selection: { k: 21, n: 39 } },
      after: { selection: { k: 39, n: 39 } },
    });
    // k folds: every case was shown to some trials, so the run's held-out figures are the trials'.
    expect(report.perModel[0]).not.toHaveProperty('heldOut');
    expect(readFileSync(join(out, 'descriptions.yaml'), 'utf8')).toContain(`description: ${JSON.stringify(GENERAL)}`);
    expect(entitiesIn(GENERAL)).toEqual([]);
    expect(run.stdout).toContain('in-sample 0/12 -> 12/12; held-out 0/6 -> 6/6');
  }, 180_000);

  it('refuses a rewrite carrying a golden entity before measuring it, and says which (exit 1)', async () => {
    const stuffing = (): FakeReply =>
      rewritesAnswer([{ tool: 'find_orders', description: 'Find the orders of ACME, Globex and Initech, archived or past.' }]);
    const { run, report, llm } = await improveWith('stuffing', stuffing);
    expect(run.code, run.stderr).toBe(1);
    expect(report.trials).toEqual([]);
    expect(report.refused).toHaveLength(1);
    expect(report.refused[0]).toMatchObject({ round: 1, part: 1, confusion: { expected: 'find_orders', chosen: 'search_orders' } });
    expect(report.refused[0]!.reason).toBe(
      'find_orders: carries "ACME", named in the prompt of golden case archived-acme: a description says what the tool does, not what a test asks',
    );
    // Measured once, never with the refused rewrite: 13 cases x 3 runs, two calls each.
    expect(llm.requests.every((r) => !JSON.stringify(r.body).includes('ACME, Globex'))).toBe(true);
    expect(run.stdout).toContain('refused  find_orders -> search_orders: find_orders: carries "ACME"');
  }, 180_000);
});

describe('improve --paraphrases', () => {
  it('writes the scripted rewordings once (a re-run asks nothing), and counts them as unseen cases', async () => {
    const cacheDir = join(dir, 'cache');
    const extra = ['--paraphrases', '2', '--cache', 'write', '--cache-dir', cacheDir];
    const first = await improveWith('paraphrased', generalising, extra);
    expect(first.run.code, first.run.stderr).toBe(0);
    const asked = first.proposer.requests.filter(isParaphraseQuestion);
    expect(asked).toHaveLength(13);
    const { paraphrases } = first.report;
    expect(paraphrases).toMatchObject({ writer: 'anthropic:proposer', perCase: 2, written: 26, skipped: [], unreadable: [] });
    const rows = first.report.cases.filter((c) => c.paraphraseOf === 'archived-acme');
    expect(rows.map((r) => r.id)).toEqual(['archived-acme~p1', 'archived-acme~p2']);
    expect(scriptedRewordings('Show the archived orders of ACME', 2)).toEqual([
      'Show the archived orders of Wayne',
      'Show the archived orders of Tyrell',
    ]);
    // The model under test was asked the rewordings, word for word.
    const prompts = new Set(
      first.llm.requests.map((r) => (r.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')?.content),
    );
    expect(prompts.has('Show the archived orders of Tyrell')).toBe(true);
    expect(prompts.has('Tell me a joke (thanks)')).toBe(true);
    // The held-out figure includes them: the fold's two archived cases and all twelve archived rewordings.
    const [trial] = first.report.trials;
    expect(trial!.heldOut.paraphrases).toHaveLength(12);
    expect(trial!.heldOut).toMatchObject({ before: { k: 0, n: 42 }, after: { k: 42, n: 42 }, significant: true });
    expect(first.report.perModel[0]!.paraphrases).toEqual({
      before: { selection: { k: 42, n: 78 }, passes: { k: 42, n: 78 } },
      after: { selection: { k: 78, n: 78 }, passes: { k: 78, n: 78 } },
    });
    // No proposer question ever held a paraphrase.
    for (const r of first.proposer.requests.filter((x) => !isParaphraseQuestion(x))) expect(JSON.stringify(r.body)).not.toContain('Wayne');
    expect(first.run.stdout).toContain('paraphrases: 26 by anthropic:proposer, held out from every proposer');

    const again = await improveWith('paraphrased-again', generalising, extra);
    expect(again.run.code).toBe(0);
    expect(again.proposer.requests).toHaveLength(0);
    expect(again.llm.requests).toHaveLength(0);
    expect(again.report.paraphrases).toEqual(paraphrases);
    expect(again.report.trials.map((t) => t.heldOut)).toEqual(first.report.trials.map((t) => t.heldOut));
  }, 240_000);

  it('is refused without a model to write them, naming the reason (exit 2)', async () => {
    const lexical = await runCli(['improve', '--stdio', CONFUSABLE, '--golden', GOLDEN, '--paraphrases', '2', '--out', join(dir, 'no')]);
    expect(lexical.code).toBe(2);
    expect(lexical.stderr).toContain(
      'mcpgate: --paraphrases needs a model to write the rewordings, and the proposer is the lexical heuristic, e.g. --paraphrase-model openai:gpt-4.1-mini',
    );
    const baseline = await runCli([
      'improve',
      '--stdio',
      CONFUSABLE,
      '--golden',
      GOLDEN,
      '--paraphrases',
      '2',
      '--paraphrase-model',
      'baseline',
      '--out',
      join(dir, 'no'),
    ]);
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain('--paraphrase-model baseline is the lexical baseline: it cannot write rewordings; name a model');
    expect(existsSync(join(dir, 'no'))).toBe(false);
  }, 60_000);
});

/**
 * A second model under test that cannot read long descriptions: a description of over ten words is
 * as good as none to it, and ties go to the last tool listed. It picks find_orders for the archived
 * cases as the server describes it, and loses them when the description grows.
 */
function terseModel(request: RecordedRequest): FakeReply {
  if (request.body.model !== 'terse') return descriptionModel(request);
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  if (messages[messages.length - 1]!.role === 'tool') return chatCompletion({ text: 'Done.' });
  const prompt = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  const tools = (request.body.tools as Array<{ function: { name: string; description?: string } }>).map((t) => ({
    name: t.function.name,
    description: wordsOf(t.function.description ?? '').size > 10 ? '' : t.function.description,
  }));
  const tool = pickByDescription(prompt, [...tools].reverse());
  return tool ? chatCompletion({ calls: [{ id: 'c1', name: tool, arguments: { customer: 'ACME' } }] }) : chatCompletion({ text: 'None.' });
}

describe('improve across models', () => {
  it('rejects a rewrite that helps one model on the unseen cases and drops another significantly', async () => {
    const models = ['--model', 'openai-chat:reads-descriptions', '--model', 'openai-chat:terse'];
    const { run, report } = await improveWith('two-models', generalising, models, terseModel);
    expect(run.code, run.stderr).toBe(1);
    const [trial] = report.trials;
    expect(trial!.accepted).toBe(false);
    const drop = trial!.regressions
      .map((r) => /^openai-chat:terse over the unseen re-run cases: selection (\d+)\/(\d+) -> (\d+)\/(\d+)$/.exec(r))
      .find((m) => m !== null);
    expect(Number(drop![1]) - Number(drop![3])).toBe(6);
    expect(trial!.regressions.some((r) => /^\S+ with openai-chat:terse: selection 3\/3 -> 0\/3$/.test(r))).toBe(true);
    expect(report.models).toEqual(['openai-chat:reads-descriptions', 'openai-chat:terse']);
  }, 180_000);
});
