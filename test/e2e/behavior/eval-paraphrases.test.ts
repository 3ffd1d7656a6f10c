/**
 * `eval --paraphrases N`: a scripted writer (a fake Anthropic endpoint) rewords every case, the
 * rewordings run beside the golden set against a scripted model whose pick depends only on the
 * descriptions, and the report says how the picks held, case by case, without gating on it. The
 * writer is asked once per case (a re-run with the cache asks nothing), and without a model that
 * can write the flag is refused.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/report/model.js';
import { runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { CONFUSABLE } from '../../helpers/confusable.js';
import { descriptionModel } from '../../helpers/description-model.js';
import { anthropicMessage, startFakeAnthropic, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';
import { CONFUSABLE_HELDOUT_GOLDEN, isParaphraseQuestion, scriptedRewordings } from '../../helpers/heldout.js';

const dir = tempDir();
const GOLDEN = join(dir, 'tasks.yaml');
const fakes: FakeLlm[] = [];
beforeAll(() => writeFileSync(GOLDEN, CONFUSABLE_HELDOUT_GOLDEN));
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** Other customers, and for the clock cases other words too: "hour" and "host" are in no description. */
function rewordings(prompt: string, count: number): string[] {
  return scriptedRewordings(prompt, count).map((t) => t.replace(/time/i, 'hour').replace(/server/i, 'host'));
}

function writer(request: RecordedRequest) {
  if (!isParaphraseQuestion(request)) return anthropicMessage({ text: 'not asked' });
  const content = (request.body.messages as Array<{ content: Array<{ text: string }> | string }>)[0]!.content;
  const asked = JSON.parse(typeof content === 'string' ? content : content.map((c) => c.text).join('')) as {
    request: string;
    count: number;
  };
  return anthropicMessage({ text: JSON.stringify({ paraphrases: rewordings(asked.request, asked.count) }) });
}

async function evaluate(
  name: string,
  extra: string[],
): Promise<{ run: CliRun; report: Report; llm: FakeLlm; writer: FakeLlm; file: string; markdown: string }> {
  const llm = await startFakeOpenAI(descriptionModel);
  const fake = await startFakeAnthropic(writer);
  fakes.push(llm, fake);
  const file = join(dir, `${name}.json`);
  const markdown = join(dir, `${name}.md`);
  const run = await runCli(
    [
      'eval',
      '--stdio',
      CONFUSABLE,
      '--golden',
      GOLDEN,
      '--model',
      'openai-chat:reads-descriptions',
      '--runs',
      '3',
      '--report',
      file,
      '--markdown',
      markdown,
      ...extra,
    ],
    {
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef',
        OPENAI_BASE_URL: llm.baseUrl,
        ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef0123456789',
        ANTHROPIC_BASE_URL: fake.baseUrl,
      },
      timeoutMs: 120_000,
    },
  );
  return { run, report: readPossibleReport(file), llm, writer: fake, file, markdown: readFileSync(markdown, 'utf8') };
}

describe('mcpgate eval --paraphrases', () => {
  it('runs the rewordings apart and reports how the picks held, case by case, gating nothing', async () => {
    const plain = await evaluate('plain', ['--cache', 'off']);
    const cacheDir = join(dir, 'cache');
    const first = await evaluate('reworded', ['--paraphrases', '2', '--paraphrase-model', 'anthropic:writer', '--cache-dir', cacheDir]);
    expect(first.run.code).toBe(plain.run.code);
    expect(first.report.eval!.summary).toMatchObject({ cases: 13, passed: plain.report.eval!.summary.passed });
    expect(first.report.verdict).toEqual(plain.report.verdict);
    expect(first.writer.requests).toHaveLength(13);

    const robustness = first.report.eval!.paraphrases!;
    expect(robustness).toMatchObject({ writer: 'anthropic:writer', perCase: 2, written: 26, skipped: [], unreadable: [] });
    // As written: the six archived cases tie and go to search_orders (21 of 39 samples right). Reworded: the
    // archived ones tie the same way, and the four clock rewordings lose every pick ("hour", "host").
    expect(robustness.perModel).toEqual([
      {
        model: 'openai-chat:reads-descriptions',
        originals: { selection: { k: 21, n: 39 }, passes: { k: 21, n: 39 } },
        paraphrases: { selection: { k: 30, n: 78 }, passes: { k: 30, n: 78 } },
      },
    ]);
    expect(robustness.drops.map((d) => [d.id, d.original.selection, d.paraphrases.selection])).toEqual([
      ['server-clock', { k: 3, n: 3 }, { k: 0, n: 6 }],
      ['server-time', { k: 3, n: 3 }, { k: 0, n: 6 }],
    ]);
    // The model under test was asked the rewordings themselves.
    const asked = new Set(
      first.llm.requests.map((r) => (r.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')?.content),
    );
    for (const text of rewordings('What time is it on the server?', 2)) expect(asked.has(text)).toBe(true);
    expect(first.run.stdout).toContain('wording robustness: 26 rewording(s) by anthropic:writer, 2 per case (reported, not gated)');
    expect(first.run.stdout).toContain('openai-chat:reads-descriptions: right picks 21/39 (53.8%) as written -> 30/78 (38.5%) reworded');
    expect(first.run.stdout).toContain('drops server-clock with openai-chat:reads-descriptions: picks 3/3 -> 0/6 reworded');
    expect(first.markdown).toContain('| server-clock | openai-chat:reads-descriptions | 3/3 | 0/6 |');

    // Cached like every model call: the same run again asks the writer nothing and reads the same figures.
    const again = await evaluate('reworded-again', [
      '--paraphrases',
      '2',
      '--paraphrase-model',
      'anthropic:writer',
      '--cache-dir',
      cacheDir,
    ]);
    expect(again.writer.requests).toHaveLength(0);
    expect(again.llm.requests).toHaveLength(0);
    expect(again.report.eval!.paraphrases).toEqual(robustness);
  }, 240_000);

  it('is refused without a model that writes, and with --shard (exit 2), before anything runs', async () => {
    const baseline = await runCli(['eval', '--stdio', CONFUSABLE, '--golden', GOLDEN, '--paraphrases', '2']);
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toContain(
      'mcpgate: --paraphrases needs a model to write the rewordings, and no --model is one (the baseline ranks tools, it cannot write), e.g. --paraphrase-model openai:gpt-4.1-mini',
    );
    const shard = await runCli(
      ['eval', '--stdio', CONFUSABLE, '--golden', GOLDEN, '--paraphrases', '2', '--paraphrase-model', 'anthropic:writer', '--shard', '1/2'],
      { env: { ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef0123456789' } },
    );
    expect(shard.code).toBe(2);
    expect(shard.stderr).toContain('--paraphrases and --shard');
    const alone = await runCli(['eval', '--stdio', CONFUSABLE, '--golden', GOLDEN, '--paraphrase-model', 'anthropic:writer']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--paraphrase-model names who writes the paraphrases: add --paraphrases N');
  }, 60_000);
});
