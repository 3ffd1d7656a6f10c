/**
 * A server's MRTR input requests are bounded, and what answering them costs is reported. The hostile
 * server of test/fixtures/hostile/mrtr-fanout-server.ts asks for 2,000 sampling answers in one round
 * (`fan_out`), 30 over three rounds (`drip`) or one (`summarise`); the model under test is a scripted
 * OpenAI chat endpoint on 127.0.0.1 that reports large usage for every sampling answer. The endpoint
 * counts the provider calls mcpgate really made: never more than the caps allow, each cap a typed
 * reason in the report, and the sampler's tokens and cost in the sample's, the case's, the model's
 * and the run's figures.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalSample, Report } from '../../../src/report/model.js';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

const FIXTURE = `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/hostile/mrtr-fanout-server.js')}"`;
const AGENT_USAGE = { input: 10, output: 5 };
const SAMPLING_USAGE = { input: 1_000, output: 500 };

const GOLDEN = `defaults:
  kind: hard
cases:
  - id: fan-out
    prompt: Summarise the whole archive with fan_out.
    expect_tool: fan_out
  - id: drip
    prompt: Summarise the archive in passes with drip.
    expect_tool: drip
  - id: summarise
    prompt: Summarise the report with summarise.
    expect_tool: summarise
    expect_input: sampling
`;

const isSampling = (request: RecordedRequest): boolean => !request.body.tools || (request.body.tools as unknown[]).length === 0;

/** The agent calls the tool its prompt names, then answers; a request without tools is the server's sampling request. */
function scriptedModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  if (isSampling(request)) return chatCompletion({ text: 'One sentence.', usage: SAMPLING_USAGE, model: request.body.model });
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  if (messages.at(-1)!.role === 'tool') return chatCompletion({ text: 'Done.', usage: AGENT_USAGE });
  const prompt = String(messages.find((m) => m.role === 'user')?.content ?? '');
  const tool = ['fan_out', 'drip', 'summarise'].find((name) => prompt.includes(name))!;
  return chatCompletion({ calls: [{ id: 'call-1', name: tool, arguments: {} }], usage: AGENT_USAGE });
}

let llm: FakeLlm;
let golden: string;
let prices: string;
beforeAll(async () => {
  llm = await startFakeOpenAI((request) => scriptedModel(request));
  const dir = tempDir();
  golden = join(dir, 'golden.yaml');
  writeFileSync(golden, GOLDEN);
  prices = join(dir, 'prices.yaml');
  writeFileSync(
    prices,
    'prices:\n  "openai-chat:fake-model": { input: 1, output: 2 }\n  "openai-chat:sampler-model": { input: 10, output: 20 }\n',
  );
});
afterAll(async () => {
  await llm.close();
});

interface Evaluated {
  code: number | null;
  report: Report;
  stdout: string;
  markdown: string;
  /** The provider calls the endpoint received during this run. */
  calls: RecordedRequest[];
}

/** Runs are one after another (the endpoint's request log is shared), one sample at a time. */
async function evaluate(cases: string[], extra: string[] = []): Promise<Evaluated> {
  const dir = tempDir();
  const [file, markdown] = [join(dir, 'report.json'), join(dir, 'summary.md')];
  const only = join(dir, 'golden.yaml');
  writeFileSync(only, selectCases(cases));
  const before = llm.requests.length;
  const run = await runCli(
    ['eval', '--stdio', FIXTURE, '--golden', only, '--model', 'openai-chat:fake-model', '--cache', 'off', '--runs', '1'].concat(
      ['--concurrency', '1', '--prices', prices, '--trajectories', 'all', '--report', file, '--markdown', markdown],
      extra,
    ),
    { env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl }, timeoutMs: 60_000 },
  );
  expect(run.stderr).toBe('');
  return {
    code: run.code,
    report: readPossibleReport(file),
    stdout: run.stdout,
    markdown: readFileSync(markdown, 'utf8'),
    calls: llm.requests.slice(before),
  };
}

function selectCases(ids: string[]): string {
  const [head, ...blocks] = readFileSync(golden, 'utf8').split('  - id: ');
  return [head, ...blocks.filter((block) => ids.includes(block.split('\n')[0]!))].join('  - id: ');
}

const samplesOf = (r: Evaluated, id: string): EvalSample[] => r.report.eval!.cases.find((c) => c.id === id)!.trajectories;

describe('a round of 2,000 sampling requests', () => {
  let result: Evaluated;
  beforeAll(async () => {
    result = await evaluate(['fan-out']);
  }, 90_000);

  it('is not answered: the endpoint sees the agent, never a sampling call', () => {
    expect(result.calls.filter(isSampling)).toHaveLength(0);
    // The tool call and the answer after its error.
    expect(result.calls).toHaveLength(2);
  });

  it('fails the sample with the typed limit, in the JSON, the terminal and the Markdown', () => {
    const sentence =
      'fan_out asked for 2000 inputs in one round; mcpgate answers at most 16 (--max-input-requests, eval.max_input_requests); the call was given up';
    const [sample] = samplesOf(result, 'fan-out');
    expect(sample!.status).toBe('fail');
    expect(sample!.input?.problems).toEqual([{ kind: 'limit', limit: 'input-requests', tool: 'fan_out', asked: 2000, max: 16 }]);
    expect(sample!.input?.asked).toEqual(['sampling']);
    expect(sample!.reasons).toContain(sentence);
    expect(sample!.calls[0]!.result).toBe(`Error: ${sentence}.`);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(sentence);
    expect(result.markdown).toContain('fan\\_out asked for 2000 inputs in one round');
  });

  it('--max-input-requests sets the cap, and a round within it is answered', async () => {
    const lower = await evaluate(['fan-out', 'summarise'], ['--max-input-requests', '1']);
    expect(samplesOf(lower, 'fan-out')[0]!.input?.problems).toEqual([
      { kind: 'limit', limit: 'input-requests', tool: 'fan_out', asked: 2000, max: 1 },
    ]);
    expect(samplesOf(lower, 'summarise')[0]!.status).toBe('pass');
    expect(lower.calls.filter(isSampling)).toHaveLength(1);
  }, 90_000);
});

describe('sampling answers per sample and per run', () => {
  it('--max-sampling-calls 25: two rounds of ten are answered, the third is not; the sample fails', async () => {
    const result = await evaluate(['drip'], ['--max-sampling-calls', '25']);
    expect(result.calls.filter(isSampling)).toHaveLength(20);
    const [sample] = samplesOf(result, 'drip');
    expect(sample!.status).toBe('fail');
    expect(sample!.calls[0]!.rounds).toHaveLength(2);
    expect(sample!.input?.problems).toEqual([{ kind: 'limit', limit: 'sampling-per-sample', tool: 'drip', asked: 30, max: 25 }]);
    expect(sample!.reasons).toContain(
      'drip asked for sampling answers that would make 30 in this sample; mcpgate answers at most 25 per sample (--max-sampling-calls, eval.max_sampling_calls); the call was given up',
    );
  }, 90_000);

  it('by default (64 per sample) all 30 are answered and the case passes', async () => {
    const result = await evaluate(['drip']);
    expect(result.calls.filter(isSampling)).toHaveLength(30);
    expect(samplesOf(result, 'drip')[0]!.status).toBe('pass');
  }, 90_000);

  it('--max-run-sampling-calls 50 over two samples of 30: the second stops at 50, not measured (exit 5), not failed', async () => {
    const result = await evaluate(['drip'], ['--runs', '2', '--max-run-sampling-calls', '50']);
    expect(result.calls.filter(isSampling)).toHaveLength(50);
    const [first, second] = samplesOf(result, 'drip');
    expect(first!.status).toBe('pass');
    expect(second!.status).toBe('error');
    expect(second!.error).toBe(
      'drip asked for sampling answers that would make 60 in this run; mcpgate answers at most 50 per run (--max-run-sampling-calls, eval.max_run_sampling_calls), so this sample is not measured',
    );
    expect(result.report.eval!.cases[0]!.status).toBe('error');
    expect(result.code).toBe(5);
    expect(result.stdout).toContain('so this sample is not measured');
  }, 90_000);
});

describe("the sampler's usage is in the report's tokens and cost", () => {
  it('the model under test as sampler: two agent calls and one sampling answer in every figure', async () => {
    const result = await evaluate(['summarise']);
    const [sample] = samplesOf(result, 'summarise');
    expect(sample!.status).toBe('pass');
    const input = 2 * AGENT_USAGE.input + SAMPLING_USAGE.input;
    const output = 2 * AGENT_USAGE.output + SAMPLING_USAGE.output;
    expect([sample!.inputTokens, sample!.outputTokens, sample!.modelCalls]).toEqual([input, output, 3]);
    expect(sample!.sampling).toEqual({
      model: 'openai-chat:fake-model',
      modelCalls: 1,
      cacheHits: 0,
      inputTokens: SAMPLING_USAGE.input,
      outputTokens: SAMPLING_USAGE.output,
    });
    const evalReport = result.report.eval!;
    for (const summary of [evalReport.summary, evalReport.perModel['openai-chat:fake-model']!])
      expect([summary.inputTokens, summary.outputTokens, summary.providerCalls]).toEqual([input, output, 3]);
    const telemetry = evalReport.telemetry['openai-chat:fake-model']!;
    expect([telemetry.tokens.input, telemetry.tokens.output]).toEqual([input, output]);
    // $1 and $2 per million tokens.
    expect(telemetry.cost.usd).toBeCloseTo((input * 1 + output * 2) / 1e6, 10);
    expect(result.stdout).toContain(`3 provider calls, 0 cache hits, ${input + output} tokens`);
  }, 90_000);

  it('--sampling-model: its calls and tokens are counted, and priced at its own price', async () => {
    const result = await evaluate(['summarise'], ['--sampling-model', 'openai-chat:sampler-model']);
    const sampled = result.calls.filter(isSampling);
    expect(sampled.map((r) => r.body.model)).toEqual(['sampler-model']);
    const [sample] = samplesOf(result, 'summarise');
    expect(sample!.sampling?.model).toBe('openai-chat:sampler-model');
    const evalReport = result.report.eval!;
    expect(evalReport.summary.providerCalls).toBe(3);
    expect(evalReport.perModel['openai-chat:fake-model']!.providerCalls).toBe(3);
    const agent = (2 * AGENT_USAGE.input * 1 + 2 * AGENT_USAGE.output * 2) / 1e6;
    const sampler = (SAMPLING_USAGE.input * 10 + SAMPLING_USAGE.output * 20) / 1e6;
    expect(evalReport.telemetry['openai-chat:fake-model']!.cost.usd).toBeCloseTo(agent + sampler, 10);
  }, 90_000);
});

describe('the chaos scenarios answer input requests under the same caps', () => {
  it('a scenario agent meeting the 2,000-request round makes no sampling call', async () => {
    const dir = tempDir();
    const faults = join(dir, 'faults.yaml');
    // The fault waits for a second call that never comes: the scenario is the agent's first call, through the proxy.
    writeFileSync(
      faults,
      'scenarios:\n  - id: fan-out\n    prompt: Summarise the whole archive with fan_out.\n    tool: fan_out\n    fault: is-error\n    occurrence: 2\n',
    );
    const before = llm.requests.length;
    const report = join(dir, 'report.json');
    const run = await runCli(
      ['chaos', '--stdio', FIXTURE, '--model', 'openai-chat:fake-model', '--faults', faults, '--runs', '1'].concat([
        '--cache',
        'off',
        '--report',
        report,
      ]),
      { env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl }, timeoutMs: 60_000 },
    );
    const calls = llm.requests.slice(before);
    expect(calls.filter(isSampling)).toHaveLength(0);
    expect(calls).toHaveLength(2);
    const events = readPossibleReport(report).chaos!.agent!.events.filter((e) => e.tool === 'fan_out');
    // The first answer only: the round was never answered, so there was no retry.
    expect(events).toHaveLength(1);
    const sample = readPossibleReport(report).chaos!.agent!.scenarios[0]!.samples[0]!;
    expect([sample.verdict, run.stderr]).toEqual(['not-triggered', '']);
  }, 90_000);
});

describe('the caps in mcpgate.yaml, and the flags of mcpgate run over them', () => {
  /** `mcpgate run` with the offline baseline as model and sampler: no key, no endpoint. */
  async function run(evalKeys: string, flags: string[] = []): Promise<{ code: number | null; stderr: string; report?: Report }> {
    const dir = tempDir();
    writeFileSync(join(dir, 'golden.yaml'), selectCases(['fan-out', 'drip']));
    const config = join(dir, 'mcpgate.yaml');
    writeFileSync(
      config,
      `server:\n  stdio: ${JSON.stringify(FIXTURE)}\neval:\n  golden: golden.yaml\n  models: [baseline]\n  runs: 1\n  cache: 'off'\n${evalKeys}report:\n  dir: reports\n`,
    );
    const result = await runCli(['run', '--config', config, ...flags], { timeoutMs: 60_000 });
    return {
      code: result.code,
      stderr: result.stderr,
      ...(result.code === 2 ? {} : { report: readPossibleReport(join(dir, 'reports', 'report.json')) }),
    };
  }
  const problemsOf = (report: Report | undefined, id: string) =>
    report!.eval!.cases.find((c) => c.id === id)!.trajectories[0]!.input?.problems;

  it('eval.max_input_requests and eval.max_sampling_calls reach the agent; the flags win over them', async () => {
    const [configured, flagged] = await Promise.all([
      run('  max_input_requests: 12\n  max_sampling_calls: 25\n'),
      run('  max_input_requests: 12\n  max_sampling_calls: 25\n', ['--max-input-requests', '10', '--max-sampling-calls', '64']),
    ]);
    expect(problemsOf(configured.report, 'fan-out')).toEqual([
      { kind: 'limit', limit: 'input-requests', tool: 'fan_out', asked: 2000, max: 12 },
    ]);
    expect(problemsOf(configured.report, 'drip')).toEqual([
      { kind: 'limit', limit: 'sampling-per-sample', tool: 'drip', asked: 30, max: 25 },
    ]);
    expect(problemsOf(flagged.report, 'fan-out')).toEqual([
      { kind: 'limit', limit: 'input-requests', tool: 'fan_out', asked: 2000, max: 10 },
    ]);
    expect(problemsOf(flagged.report, 'drip')).toEqual([]);
  }, 90_000);

  it('eval.max_run_sampling_calls: the sample that would pass it is not measured', async () => {
    const { report } = await run('  max_run_sampling_calls: 15\n');
    const sample = report!.eval!.cases.find((c) => c.id === 'drip')!.trajectories[0]!;
    expect([sample.status, sample.error]).toEqual([
      'error',
      'drip asked for sampling answers that would make 20 in this run; mcpgate answers at most 15 per run (--max-run-sampling-calls, eval.max_run_sampling_calls), so this sample is not measured',
    ]);
    expect(report!.verdict.exitCode).toBe(1);
  }, 90_000);

  it('a bad value is one positioned line naming the key, exit 2; a bad flag value too', async () => {
    const bad = await run('  max_input_requests: 0\n');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^mcpgate: .*mcpgate\.yaml:8:23: eval\.max_input_requests must be a positive integer \(MRTR input requests answered in one round; .*default 16\), got the number 0\n$/,
    );
    const flag = await run('', ['--max-run-sampling-calls', '-1']);
    expect([flag.code, flag.stderr]).toEqual([2, 'mcpgate: --max-run-sampling-calls needs a positive integer, got "-1"\n']);
  }, 90_000);
});
