/**
 * `mcpgate improve` against a proposer that answers what it likes: a body that is not the provider's
 * format, text that is not the JSON asked for, a rewrite full of escape sequences and invisible
 * characters, a rejected key. Whatever it answers, improve writes its report and names an unreadable
 * answer with a short escaped excerpt; what it writes for a person to open (overrides, diff, Markdown,
 * JSON) shows every control and invisible character as an escape. The proposer is a fake Anthropic
 * endpoint on 127.0.0.1; the model under test the scripted description reader on the confusable server.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDescriptions } from '../../../src/behavior/descriptions/index.js';
import type { ImproveReport } from '../../../src/behavior/improve/report.js';
import { HOSTILE } from '../../fixtures/hostile/escapes-text.js';
import { readJson, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { CONFUSABLE, CONFUSABLE_GOLDEN } from '../../helpers/confusable.js';
import { ARCHIVED_WORDS, CONFUSABLE_HELDOUT_GOLDEN } from '../../helpers/heldout.js';
import { descriptionModel } from '../../helpers/description-model.js';
import {
  anthropicError,
  anthropicMessage,
  reply,
  startFakeAnthropic,
  startFakeOpenAI,
  type FakeLlm,
  type FakeReply,
} from '../../helpers/fake-llm.js';

const KEY = 'sk-ant-proposer-0123456789abcdef0123';
const RAW =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff9-\ufffb\ud800-\udfff\u{e0000}-\u{e007f}]/u;

const dir = tempDir();
const fakes: FakeLlm[] = [];
beforeAll(() => {
  writeFileSync(join(dir, 'tasks.yaml'), CONFUSABLE_GOLDEN);
  // Enough archived-orders cases for a rewrite to prove itself on some it was not shown.
  writeFileSync(join(dir, 'heldout.yaml'), CONFUSABLE_HELDOUT_GOLDEN);
});
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function improveWith(
  name: string,
  proposer: (request: unknown, index: number) => FakeReply,
  golden = 'tasks.yaml',
): Promise<{ run: CliRun; out: string }> {
  const llm = await startFakeOpenAI(descriptionModel);
  const fake = await startFakeAnthropic(proposer);
  fakes.push(llm, fake);
  const out = join(dir, name);
  const run = await runCli(
    [
      'improve',
      '--stdio',
      CONFUSABLE,
      '--golden',
      join(dir, golden),
      '--model',
      'openai-chat:reads-descriptions',
      '--proposer',
      'anthropic:proposer',
      '--runs',
      '3',
      '--cache',
      'off',
      '--out',
      out,
    ],
    {
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef',
        OPENAI_BASE_URL: llm.baseUrl,
        ANTHROPIC_API_KEY: KEY,
        ANTHROPIC_BASE_URL: fake.baseUrl,
      },
      timeoutMs: 120_000,
    },
  );
  return { run, out };
}

function written(out: string, file: string): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(join(out, file)));
}

function expectSafe(run: CliRun, out: string, files: string[]): void {
  expect(run.stderr).not.toContain('internal error');
  expect(run.stdout + run.stderr).not.toMatch(RAW);
  for (const file of files) expect({ file, raw: RAW.test(written(out, file)) }).toEqual({ file, raw: false });
}

describe('improve writes its report whatever the proposer answers', () => {
  it('a body that is not the provider format: exit 5, the report written, the answer named with a short escaped excerpt', async () => {
    const junk = `<html>\x1b]52;c;cHduZWQ=\x07 502 from a proxy ${HOSTILE} ${'x'.repeat(20_000)}</html>`;
    const { run, out } = await improveWith('garbage', () => reply.garbage(junk));
    expect(run.code).toBe(5);
    expectSafe(run, out, ['improve.json', 'improve.md']);
    const report = readJson<ImproveReport>(join(out, 'improve.json'));
    expect(report.trials).toEqual([]);
    // Asked once per fold that shows it the confusion: parts 2 and 3 (part 1 holds archived-orders out).
    expect(report.unreadable.map((u) => u.part)).toEqual([2, 3]);
    const [unreadable] = report.unreadable;
    expect(unreadable!.confusion).toEqual({ expected: 'find_orders', chosen: 'search_orders' });
    expect(unreadable!.problem).toMatch(/^anthropic:proposer: unreadable answer/);
    expect(unreadable!.problem).toContain('\\u001b]52;c;');
    expect(unreadable!.problem.length).toBeLessThan(600);
    expect(report.stopped).toMatch(/^no proposal to test: the proposer's answer could not be read/);
    expect(written(out, 'improve.md')).toContain('no proposal: anthropic:proposer: unreadable answer');
    expect(existsSync(join(out, 'descriptions.yaml'))).toBe(false);
  }, 120_000);

  it('text that is not the JSON asked for: exit 5, the report names the problem and quotes the start of the answer, escaped', async () => {
    const { run, out } = await improveWith('prose', () =>
      anthropicMessage({ text: `I would rather not. ${HOSTILE} ${'y'.repeat(5_000)}` }),
    );
    expect(run.code).toBe(5);
    expectSafe(run, out, ['improve.json', 'improve.md']);
    const [unreadable] = readJson<ImproveReport>(join(out, 'improve.json')).unreadable;
    expect(unreadable!.problem).toMatch(/^anthropic:proposer: the answer holds no JSON object: "I would rather not\. \\u\{1B\}\[31mRED/);
    expect(unreadable!.problem).toMatch(/… \(\d+ characters\)"$/);
    expect(run.stdout).toContain('unreadable');
  }, 120_000);

  it('a rewrite full of escapes and invisible characters: accepted, and every file shows them escaped; the overrides load back to the exact text', async () => {
    // The hostile text sits in a sentence naming get_time, so its words ("iso" is get_time's) contrast rather than steal.
    const description = `Find archived orders of a customer: ${ARCHIVED_WORDS.join(', ')} orders. ${HOSTILE}, never get_time.`;
    const { run, out } = await improveWith(
      'hostile-rewrite',
      () => anthropicMessage({ text: JSON.stringify({ rewrites: [{ tool: 'find_orders', description }] }) }),
      'heldout.yaml',
    );
    expect(run.code).toBe(0);
    expectSafe(run, out, ['descriptions.yaml', 'descriptions.diff', 'improve.json', 'improve.md']);
    expect(written(out, 'descriptions.diff')).toContain('completed, shipped orders. \\u{1B}[31mRED');
    // YAML escapes read back as what they stand for, lone surrogates included: the text served is the text proposed.
    const loaded = loadDescriptions(join(out, 'descriptions.yaml')).tools.get('find_orders')!.description!;
    expect(loaded).toBe(description.trim());
  }, 120_000);

  it('a proposer that rejects its key: exit 4, one line naming ANTHROPIC_API_KEY, the report written, the key nowhere', async () => {
    const { run, out } = await improveWith('rejected', () => anthropicError(401, `invalid x-api-key ${KEY}`, {}, 'authentication_error'));
    expect(run.code).toBe(4);
    expectSafe(run, out, ['improve.json', 'improve.md']);
    expect(run.stderr).toContain(
      'mcpgate: anthropic:proposer: the provider rejected the API key (HTTP 401): set ANTHROPIC_API_KEY to a valid key (the key is not shown)',
    );
    expect(run.stdout + run.stderr + written(out, 'improve.json')).not.toContain(KEY);
  }, 120_000);
});
