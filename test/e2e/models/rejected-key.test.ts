/**
 * A provider that rejects the API key (HTTP 401, a 403 whose body is an authentication error, Google's
 * 400 API_KEY_INVALID) is a credentials problem, exit code 4, like a key that is not set: not an
 * inconclusive run (5) with every case an error. One stderr line names the model and the variable to
 * fix; the key appears nowhere, even when the endpoint echoes it; no request is sent with a key once it
 * was rejected. The endpoints are fake providers on 127.0.0.1 speaking each adapter's wire format.
 */

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anthropicError,
  openAIError,
  reply,
  startFakeAnthropic,
  startFakeGoogle,
  startFakeOllama,
  startFakeOpenAI,
  type FakeLlm,
  type FakeReply,
} from '../../helpers/fake-llm.js';
import { referenceStdio, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import type { Report } from '../../../src/report/model.js';

const KEY = 'sk-rejected-0123456789abcdef0123456789';

const GOLDEN = `cases:
  - id: weather-paris
    prompt: What's the weather like in Paris right now?
    expect_tool: get_weather
  - id: weather-tokyo
    prompt: How warm is it in Tokyo?
    expect_tool: get_weather
  - id: no-tool
    prompt: Thanks, that's all.
    expect_tool: null
`;

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function evalWith(model: string, env: NodeJS.ProcessEnv): Promise<{ run: CliRun; report: Report; output: string }> {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.yaml'), GOLDEN);
  const out = join(dir, 'report.json');
  const run = await runCli(
    [
      'eval',
      '--stdio',
      referenceStdio(),
      '--golden',
      join(dir, 'tasks.yaml'),
      '--model',
      model,
      '--runs',
      '2',
      '--concurrency',
      '1',
      '--cache',
      'off',
      '--report',
      out,
      '--markdown',
      join(dir, 'summary.md'),
    ],
    { env, timeoutMs: 60_000 },
  );
  const report = readPossibleReport(out);
  return { run, report, output: `${run.stdout}${run.stderr}${JSON.stringify(report)}` };
}

/** An endpoint that echoes the key it was sent, as some proxies and gateways do. */
const echoingKey = (status: number, make: (status: number, message: string) => FakeReply) => (): FakeReply =>
  make(status, `Incorrect API key provided: ${KEY}. You can find your API key at the dashboard.`);

const providers: Array<{
  model: string;
  variable: string;
  start: typeof startFakeOpenAI;
  env: (baseUrl: string) => NodeJS.ProcessEnv;
  answer: () => FakeReply;
}> = [
  {
    model: 'openai:gpt-x',
    variable: 'OPENAI_API_KEY',
    start: startFakeOpenAI,
    env: (u) => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: u }),
    answer: echoingKey(401, (s, m) => openAIError(s, m, {}, 'invalid_request_error')),
  },
  {
    model: 'openai-chat:gpt-x',
    variable: 'OPENAI_API_KEY',
    start: startFakeOpenAI,
    env: (u) => ({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: u }),
    answer: echoingKey(401, (s, m) => openAIError(s, m)),
  },
  {
    model: 'anthropic:claude-x',
    variable: 'ANTHROPIC_API_KEY',
    start: startFakeAnthropic,
    env: (u) => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: u }),
    answer: echoingKey(401, (s, m) => anthropicError(s, m, {}, 'authentication_error')),
  },
  {
    model: 'google:gemini-x',
    variable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    start: startFakeGoogle,
    env: (u) => ({ GOOGLE_GENERATIVE_AI_API_KEY: KEY, GOOGLE_GENERATIVE_AI_BASE_URL: u }),
    // What Google answers for a key that is not valid: 400, not 401.
    answer: () =>
      reply.json(
        {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
          },
        },
        400,
      ),
  },
  {
    model: 'openai-compatible:local-x',
    variable: 'OPENAI_COMPATIBLE_API_KEY',
    start: startFakeOpenAI,
    env: (u) => ({ OPENAI_COMPATIBLE_API_KEY: KEY, OPENAI_COMPATIBLE_BASE_URL: u }),
    answer: echoingKey(403, (s, m) => openAIError(s, m, {}, 'authentication_error')),
  },
  {
    model: 'ollama:llama-x',
    variable: 'OLLAMA_BASE_URL',
    start: startFakeOllama,
    env: (u) => ({ OLLAMA_BASE_URL: u }),
    answer: () => reply.json({ error: 'unauthorized' }, 401),
  },
];

describe('a provider that rejects the key ends the run with exit code 4', () => {
  for (const p of providers) {
    it(`${p.model}: exit 4, one line naming ${p.variable}, the key nowhere, no request after the rejection`, async () => {
      fake = await p.start(p.answer);
      const { run, report, output } = await evalWith(p.model, p.env(fake.baseUrl));
      expect(run.code).toBe(4);
      expect(report.verdict.exitCode).toBe(4);
      // The verdict is the one line: on the terminal, and in the report.
      const lines = run.stdout.split('\n').filter((l) => l.startsWith('NO CREDENTIALS: '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(p.model);
      expect(lines[0]).toContain(p.variable);
      expect(lines[0]).toMatch(/\(exit code 4\)$/);
      expect(report.verdict.reason).toContain(p.variable);
      expect(output).not.toContain(KEY);
      expect(output).not.toContain('internal error');
      // Once rejected, the key is not sent again: 3 cases x 2 runs would be 6 requests.
      expect(fake.requests).toHaveLength(1);
    }, 60_000);
  }

  it('a 403 that is not about the key (a region or a model not allowed) stays a provider error: exit 5', async () => {
    fake = await startFakeOpenAI(() => openAIError(403, 'Country, region, or territory not supported', {}, 'request_forbidden'));
    const { run, report } = await evalWith('openai-chat:gpt-x', { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseUrl });
    expect(run.code).toBe(5);
    expect(report.verdict.exitCode).toBe(5);
    expect(run.stdout).not.toContain('NO CREDENTIALS');
  }, 60_000);

  it('golden draft with a rejected key: exit 4, one line, no file written, the key nowhere', async () => {
    fake = await startFakeOpenAI(echoingKey(401, (s, m) => openAIError(s, m)));
    const out = join(tempDir(), 'tasks.yaml');
    const run = await runCli(
      ['golden', 'draft', '--stdio', referenceStdio(), '--model', 'openai-chat:gpt-x', '--cache', 'off', '--out', out],
      {
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseUrl },
        timeoutMs: 60_000,
      },
    );
    expect(run.code).toBe(4);
    expect(run.stderr.trim().split('\n')).toEqual([
      'mcpgate: no golden set drafted: openai-chat:gpt-x: the provider rejected the API key (HTTP 401): set OPENAI_API_KEY to a valid key (the key is not shown)',
    ]);
    expect(run.stderr).not.toContain('internal error');
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    expect(existsSync(out)).toBe(false);
    expect(fake.requests).toHaveLength(1);
  }, 60_000);
});
