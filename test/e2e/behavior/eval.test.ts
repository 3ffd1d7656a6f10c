/**
 * `mcpgate eval` end to end: the real provider adapters over HTTP against scripted fake model
 * servers on 127.0.0.1, the real reference MCP server, the real CLI.
 */

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { EvalReport } from '../../../src/report/model.js';
import { MAX_USER_FILE_BYTES } from '../../../src/shared/yaml/load.js';
import { REFERENCE_SERVER, ROOT, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import {
  anthropicMessage,
  chatCompletion,
  reply,
  startFakeAnthropic,
  startFakeOpenAI,
  type FakeLlm,
  type RecordedRequest,
} from '../../helpers/fake-llm.js';

const GOLDEN = `
defaults:
  kind: soft
cases:
  - id: weather-paris
    prompt: What's the weather in Paris?
    expect_tool: get_weather
    expect_args:
      city: { match: normalized, value: paris }
    kind: hard
  - id: chit-chat
    prompt: Thanks, that is all.
    expect_tool: null
  - id: customer-then-invoices
    prompt: Find the customer finance@nordlicht.example and list their invoices.
    expect_sequence: [lookup_customer, search_invoices]
  - id: email-reminder
    prompt: Email billing@acme.example a payment reminder.
    expect_tool: send_email
    expect_args:
      to: billing@acme.example
      subject: { match: ignore }
      body: { match: ignore }
`;

/** A deterministic "model": picks tools by keywords, answers after a tool result. */
function scriptedModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Array<{ role: string; content: unknown; tool_calls?: Array<{ function: { name: string } }> }>;
  const last = messages[messages.length - 1]!;
  const user = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  const calledTools = messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.function.name);
  if (last.role === 'tool') {
    if (user.includes('nordlicht') && !calledTools.includes('search_invoices')) {
      return chatCompletion({ calls: [{ id: 'c2', name: 'search_invoices', arguments: { customer_id: 'CUS-002' } }] });
    }
    return chatCompletion({ text: `Here is what the tool said: ${String(last.content).slice(0, 200)}`, usage: { input: 50, output: 10 } });
  }
  if (user.includes('weather'))
    return chatCompletion({ calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }], usage: { input: 40, output: 8 } });
  if (user.includes('nordlicht'))
    return chatCompletion({ calls: [{ id: 'c1', name: 'lookup_customer', arguments: { email: 'finance@nordlicht.example' } }] });
  if (user.includes('Email'))
    return chatCompletion({
      calls: [{ id: 'c1', name: 'send_email', arguments: { to: 'billing@acme.example', subject: 'Reminder', body: 'Please pay.' } }],
    });
  return chatCompletion({ text: "You're welcome!" });
}

let server: LaunchedServer;
let llm: FakeLlm;
let golden: string;
const callLog = join(tempDir(), 'calls.log');

beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog } });
  llm = await startFakeOpenAI((request) => scriptedModel(request));
  golden = join(tempDir(), 'tasks.yaml');
  writeFileSync(golden, GOLDEN);
});
afterAll(async () => {
  await server.stop();
  await llm.close();
});

function openaiEnv(fake: FakeLlm = llm): NodeJS.ProcessEnv {
  return { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: fake.baseUrl };
}

function evalOf(file: string): EvalReport {
  return readPossibleReport(file).eval!;
}

describe('a scripted OpenAI chat model against the reference server', () => {
  const dir = tempDir();
  const cacheDir = join(dir, 'cache');
  const args = (report: string): string[] => [
    'eval',
    '--url',
    server.url,
    '--golden',
    golden,
    '--model',
    'openai-chat:fake-model',
    '--runs',
    '3',
    '--cache-dir',
    cacheDir,
    '--report',
    report,
  ];

  it('scores selection, arguments, sequence and abstention; exit 0', async () => {
    const run = await runCli(args(join(dir, 'first.json')), { env: openaiEnv() });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = evalOf(join(dir, 'first.json'));
    expect(report.summary).toMatchObject({
      cases: 4,
      passed: 4,
      failed: 0,
      selectionAccuracy: 1,
      overActivationRate: 0,
      argumentAccuracy: 1,
      sequenceAccuracy: 1,
      completionRate: null,
    });
    expect(report.summary.providerCalls).toBe(llm.requests.length);
    expect(report.summary.cacheHits).toBe(0);
    const weather = report.cases.find((c) => c.id === 'weather-paris')!;
    expect(weather).toMatchObject({ runs: 3, passes: 3, passRate: 1, status: 'pass', flaky: false, required: 3 });
    expect(weather.trajectories[0]!.calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Paris' }, isError: false });
    expect(weather.trajectories[0]!.inputTokens).toBe(90);
    // The model really saw the real server's answer.
    const followUp = llm.requests.find((r) => (r.body.messages as Array<{ role: string }>).some((m) => m.role === 'tool'))!;
    expect(JSON.stringify(followUp.body.messages)).toMatch(/Paris/);
    expect(followUp.body.temperature).toBe(0);
    expect(followUp.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('search_invoices');
  });

  it('never runs a destructive tool without --allow-tool, yet scores the selection', async () => {
    const report = evalOf(join(dir, 'first.json'));
    const email = report.cases.find((c) => c.id === 'email-reminder')!;
    expect(email.status).toBe('pass');
    expect(email.trajectories[0]!.calls[0]).toMatchObject({ name: 'send_email', refused: true, isError: true });
    expect(existsSync(callLog) ? readFileSync(callLog, 'utf8') : '').not.toContain('send_email');
  });

  it('re-running the unchanged suite makes zero provider calls', async () => {
    const before = llm.requests.length;
    const run = await runCli(args(join(dir, 'second.json')), { env: openaiEnv() });
    expect(run.code).toBe(0);
    const report = evalOf(join(dir, 'second.json'));
    expect(report.summary.providerCalls).toBe(0);
    expect(report.summary.cacheHits).toBe(before);
    expect(llm.requests.length).toBe(before);
    expect(report.cases.map((c) => c.passes)).toEqual(evalOf(join(dir, 'first.json')).cases.map((c) => c.passes));
  });

  it('with --cache off every sample calls the provider again', async () => {
    const before = llm.requests.length;
    const run = await runCli([...args(join(dir, 'third.json')), '--cache', 'off'], { env: openaiEnv() });
    expect(run.code).toBe(0);
    expect(evalOf(join(dir, 'third.json')).summary.providerCalls).toBe(llm.requests.length - before);
    expect(llm.requests.length).toBeGreaterThan(before);
  });
});

describe('bad input', () => {
  it('a missing key names the variable, exit 4', async () => {
    const run = await runCli(['eval', '--url', server.url, '--golden', golden, '--model', 'openai:gpt-4.1-mini'], {
      env: { OPENAI_API_KEY: '' },
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('OPENAI_API_KEY is not set');
  });

  it('an unknown provider, exit 2', async () => {
    const run = await runCli(['eval', '--url', server.url, '--golden', golden, '--model', 'acme:model-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/acme/);
  });

  it('a golden file with a typo points to file and line, exit 2', async () => {
    const file = join(tempDir(), 'typo.yaml');
    writeFileSync(file, '- id: a\n  prompt: hi\n  expect_tol: get_weather\n');
    const run = await runCli(['eval', '--url', server.url, '--golden', file, '--model', 'baseline']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}:3:`);
    expect(run.stderr).toContain('expect_tool');
  });

  it('a golden file over the size cap is one line naming the cap, exit 2', async () => {
    const file = join(tempDir(), 'huge.yaml');
    writeFileSync(file, `- id: a\n  prompt: hi\n  expect_tool: null\n${'#'.repeat(MAX_USER_FILE_BYTES)}\n`);
    const run = await runCli(['eval', '--url', server.url, '--golden', file, '--model', 'baseline']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`${file}: the golden set is larger than 4 MiB, mcpgate's cap`)]);
  });

  it('a case naming a tool the server lacks is an error for that case only; the rest run, exit 5', async () => {
    const file = join(tempDir(), 'unknown-tool.yaml');
    writeFileSync(file, '- id: ok\n  prompt: hi there\n  expect_tool: null\n- id: bad\n  prompt: weather?\n  expect_tool: get_wether\n');
    const report = join(tempDir(), 'r.json');
    const run = await runCli(['eval', '--url', server.url, '--golden', file, '--model', 'baseline', '--report', report]);
    expect(run.code).toBe(5);
    const cases = evalOf(report).cases;
    expect(cases.find((c) => c.id === 'ok')!.status).toBe('pass');
    expect(cases.find((c) => c.id === 'bad')).toMatchObject({ status: 'error' });
    expect(cases.find((c) => c.id === 'bad')!.message).toMatch(/get_wether.*did you mean "get_weather"/);
  });

  it('a model answering garbage errors that case, names it, and the others still pass: exit 5', async () => {
    const garbage = await startFakeOpenAI((request) =>
      JSON.stringify(request.body.messages).includes('weather') ? reply.garbage() : scriptedModel(request),
    );
    try {
      const report = join(tempDir(), 'r.json');
      const run = await runCli(
        ['eval', '--url', server.url, '--golden', golden, '--model', 'openai-chat:m', '--runs', '1', '--cache', 'off', '--report', report],
        { env: openaiEnv(garbage) },
      );
      expect(run.code).toBe(5);
      const cases = evalOf(report).cases;
      expect(cases.find((c) => c.id === 'weather-paris')).toMatchObject({ status: 'error' });
      expect(cases.find((c) => c.id === 'weather-paris')!.trajectories[0]!.error).toBeTruthy();
      expect(
        cases
          .filter((c) => c.status === 'pass')
          .map((c) => c.id)
          .sort(),
      ).toEqual(['chit-chat', 'customer-then-invoices', 'email-reminder']);
      expect(run.stdout).toContain('weather-paris');
    } finally {
      await garbage.close();
    }
  });

  it('a server that dies mid-run is reported, nothing hangs: exit 3', async () => {
    const report = join(tempDir(), 'r.json');
    const run = await runCli(
      [
        'eval',
        '--stdio',
        referenceStdio(),
        '--golden',
        golden,
        '--model',
        'openai-chat:m',
        '--runs',
        '2',
        '--cache',
        'off',
        '--concurrency',
        '1',
        '--report',
        report,
        '--env',
        'REFERENCE_SERVER_CRASH_AFTER_CALLS',
      ],
      {
        env: { ...openaiEnv(), REFERENCE_SERVER_CRASH_AFTER_CALLS: '1' },
      },
    );
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/stopped answering/);
    const cases = evalOf(report).cases;
    expect(cases.some((c) => c.trajectories.some((s) => s.status === 'error'))).toBe(true);
  });
});

describe("the lexical baseline's misses", () => {
  it('an unquoted free-text value it cannot read is a miss naming the rule it needed, in the report and the terminal', async () => {
    const note = {
      name: 'get_note',
      description: 'Get one note by its id.',
      inputSchema: {
        type: 'object',
        properties: { note_id: { type: 'string', description: 'The id of the note' } },
        required: ['note_id'],
      },
      annotations: { readOnlyHint: true },
    };
    const server = `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/listed-tools-server.js')}" '${JSON.stringify([note])}'`;
    const golden = join(tempDir(), 'notes.yaml');
    writeFileSync(golden, '- id: note-n2\n  prompt: show me note n2\n  expect_tool: get_note\n  expect_args:\n    note_id: n2\n');
    const report = join(tempDir(), 'r.json');
    const run = await runCli(['eval', '--stdio', server, '--golden', golden, '--model', 'baseline', '--runs', '1', '--report', report]);
    expect(run.code, run.stderr).toBe(1);
    const reason =
      'argument note_id: missing, expected "n2" (exact); the lexical baseline reads note_id only from a quoted value in the prompt: quote the value, or give the argument a pattern or enum';
    const [result] = readPossibleReport(report).eval!.cases;
    expect(result!.trajectories[0]!.reasons).toEqual([reason]);
    expect(result!.message).toBe(`0/1 passed (needs 1): ${reason}`);
    expect(run.stdout).toContain(
      '✗ note-n2@baseline  soft: 0/1 passed (needs 1): argument note_id: missing, expected "n2" (exact); the lexical',
    );
  });
});

describe('repeats and flakiness', () => {
  it('a case that passes only sometimes is labelled flaky, and fails its soft floor', async () => {
    let first = 0;
    // Every other fresh conversation over-activates a tool on a chit-chat prompt.
    const flaky = await startFakeOpenAI((request) => {
      const messages = request.body.messages as Array<{ role: string }>;
      if (messages[messages.length - 1]!.role === 'tool') return chatCompletion({ text: 'ok' });
      return first++ % 2 === 0
        ? chatCompletion({ calls: [{ id: 'x', name: 'get_weather', arguments: { city: 'Paris' } }] })
        : chatCompletion({ text: 'Bye!' });
    });
    try {
      const file = join(tempDir(), 'neg.yaml');
      writeFileSync(file, '- id: bye\n  prompt: Thanks, bye.\n  expect_tool: null\n');
      const report = join(tempDir(), 'r.json');
      const run = await runCli(
        [
          'eval',
          '--url',
          server.url,
          '--golden',
          file,
          '--model',
          'openai-chat:m',
          '--runs',
          '5',
          '--concurrency',
          '1',
          '--cache',
          'off',
          '--report',
          report,
        ],
        { env: openaiEnv(flaky) },
      );
      expect(run.code).toBe(1);
      const result = evalOf(report);
      expect(result.cases[0]).toMatchObject({ passes: 2, runs: 5, required: 4, status: 'fail', flaky: true });
      expect(result.summary.overActivationRate).toBe(0.6);
      expect(result.cases[0]!.passHatK[0]).toBe(0.4);
      expect(run.stdout).toMatch(/bye \[soft\] flaky/);
    } finally {
      await flaky.close();
    }
  });
});

describe('providers and the matrix', () => {
  it('an Anthropic model through the real adapter, beside the baseline in one matrix', async () => {
    const anthropic = await startFakeAnthropic((request) => {
      const messages = request.body.messages as Array<{ role: string; content: Array<{ type: string }> | string }>;
      const last = messages[messages.length - 1]!;
      const hasResult = Array.isArray(last.content) && last.content.some((p) => p.type === 'tool_result');
      if (hasResult) return anthropicMessage({ text: 'It is sunny.' });
      return anthropicMessage({ calls: [{ id: 'toolu_1', name: 'get_weather', arguments: { city: 'Paris' } }] });
    });
    try {
      const file = join(tempDir(), 'one.yaml');
      writeFileSync(
        file,
        '- id: weather-paris\n  prompt: What is the weather in Paris?\n  expect_tool: get_weather\n  expect_args:\n    city: Paris\n',
      );
      const report = join(tempDir(), 'r.json');
      const run = await runCli(
        [
          'eval',
          '--url',
          server.url,
          '--golden',
          file,
          '--model',
          'anthropic:claude-test',
          '--model',
          'baseline',
          '--runs',
          '2',
          '--cache',
          'off',
          '--report',
          report,
        ],
        {
          env: { ANTHROPIC_API_KEY: 'sk-ant-test-0123456789', ANTHROPIC_BASE_URL: anthropic.baseUrl },
        },
      );
      expect(run.code).toBe(0);
      const result = evalOf(report);
      expect(result.matrix.models).toEqual(['anthropic:claude-test', 'baseline']);
      expect(result.matrix.rows[0]!.cells['anthropic:claude-test']).toMatchObject({ passes: 2, runs: 2, status: 'pass' });
      expect(result.models.find((m) => m.id === 'baseline')!.kind).toBe('lexical-baseline');
      expect(result.perModel['baseline']!.providerCalls).toBe(0);
      expect(run.stdout).toContain('case x model');
      expect(run.stdout).toContain('baseline (lexical baseline, not an LLM)');
      expect(anthropic.requests[0]!.headers['x-api-key']).toBe('sk-ant-test-0123456789');
      expect(run.stdout + readFileSync(report, 'utf8')).not.toContain('sk-ant-test-0123456789');
    } finally {
      await anthropic.close();
    }
  });
});

describe('task completion by a judge', () => {
  async function judged(verdict: string): Promise<EvalReport> {
    const fake = await startFakeOpenAI((request) => {
      const system = JSON.stringify(request.body.messages[0]);
      if (system.includes('You grade whether')) return chatCompletion({ text: verdict });
      return scriptedModel(request);
    });
    try {
      const file = join(tempDir(), 'rubric.yaml');
      writeFileSync(
        file,
        '- id: weather-paris\n  prompt: What is the weather in Paris?\n  expect_tool: get_weather\n  rubric: States the current conditions in Paris from the tool result.\n',
      );
      const report = join(tempDir(), 'r.json');
      await runCli(
        [
          'eval',
          '--url',
          server.url,
          '--golden',
          file,
          '--model',
          'openai-chat:m',
          '--judge',
          'openai-chat:judge-1',
          '--runs',
          '2',
          '--cache',
          'off',
          '--report',
          report,
        ],
        { env: openaiEnv(fake) },
      );
      const judgeRequest = fake.requests.find((r) => JSON.stringify(r.body.messages[0]).includes('You grade whether'))!;
      expect(judgeRequest.body.model).toBe('judge-1');
      expect(JSON.stringify(judgeRequest.body.messages)).toContain('Tool call: get_weather');
      return evalOf(report);
    } finally {
      await fake.close();
    }
  }

  it('records the pinned judge and counts its verdicts', async () => {
    const report = await judged('{"pass": true, "reason": "reports the conditions"}');
    expect(report.judge).toEqual({ id: 'openai-chat:judge-1' });
    expect(report.summary.completionRate).toBe(1);
    expect(report.cases[0]!.status).toBe('pass');
  });

  it('a failing verdict fails the sample even when the tool choice was right', async () => {
    const report = await judged('{"pass": false, "reason": "the answer invents a temperature"}');
    expect(report.summary.completionRate).toBe(0);
    expect(report.summary.selectionAccuracy).toBe(1);
    expect(report.cases[0]!.status).toBe('fail');
    expect(report.cases[0]!.message).toContain('judge: the answer invents a temperature');
  });

  it('an unreadable verdict is not measured, never a pass', async () => {
    const report = await judged('I think it is fine');
    expect(report.summary.completionRate).toBeNull();
    expect(report.cases[0]!.trajectories[0]!.completion.status).toBe('not_measured');
  });
});

describe('a legacy 2025-11-25 server', () => {
  it('is evaluated through the initialize handshake', async () => {
    const { SDK_EVERYTHING } = await import('../../helpers/cli.js');
    const file = join(tempDir(), 'legacy.yaml');
    writeFileSync(
      file,
      `- id: echo\n  prompt: 'Please echo back the message "hello world"'\n  expect_tool: echo\n- id: none\n  prompt: hi there\n  expect_tool: null\n`,
    );
    const report = join(tempDir(), 'r.json');
    const run = await runCli([
      'eval',
      '--stdio',
      `"${process.execPath}" "${SDK_EVERYTHING}" --stdio`,
      '--golden',
      file,
      '--model',
      'baseline',
      '--runs',
      '1',
      // The call's result is what this test reads; by default a passing sample drops it.
      '--trajectories',
      'all',
      '--report',
      report,
    ]);
    const parsed = readPossibleReport(report);
    expect(parsed.target.era).toBe('legacy');
    expect(parsed.eval!.cases.find((c) => c.id === 'echo')!.trajectories[0]!.calls[0]).toMatchObject({ name: 'echo', isError: false });
    expect(parsed.eval!.cases.find((c) => c.id === 'echo')!.trajectories[0]!.calls[0]!.result).toContain('hello world');
    expect(run.code).toBe(0);
  });
});

it('the eval report validates against the published report schema', async () => {
  const Ajv2020 = (await import('ajv/dist/2020.js')).default as unknown as {
    default: new (o: object) => { compile: (s: object) => ((d: unknown) => boolean) & { errors?: unknown } };
  };
  const addFormats = (await import('ajv-formats')).default as unknown as { default: (a: unknown) => void };
  const { REPORT_JSON_SCHEMA } = await import('../../../src/report/report-schema.js');
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(REPORT_JSON_SCHEMA);
  const file = join(tempDir(), 'r.json');
  const run = await runCli(['eval', '--url', server.url, '--golden', golden, '--model', 'baseline', '--runs', '2', '--report', file]);
  expect(run.code).not.toBeNull();
  const report = readPossibleReport(file);
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  const broken = { ...report, eval: { ...report.eval!, summary: { ...report.eval!.summary, selectionAccuracy: 2 } } };
  expect(validate(broken)).toBe(false);
});

describe('latency, tokens and cost (layer 3)', () => {
  it('prices every model call from the price table; unknown prices stay unknown', async () => {
    const fake = await startFakeOpenAI((request) => scriptedModel(request));
    try {
      const file = join(tempDir(), 'w.yaml');
      writeFileSync(file, '- id: weather\n  prompt: "What\'s the weather in Paris?"\n  expect_tool: get_weather\n');
      const prices = join(tempDir(), 'prices.yaml');
      writeFileSync(prices, 'prices:\n  "openai:priced-model": { input: 2, output: 8 }\n');
      const dir = tempDir();
      const args = (model: string, report: string, cache: string): string[] => [
        'eval',
        '--url',
        server.url,
        '--golden',
        file,
        '--model',
        model,
        '--runs',
        '3',
        '--prices',
        prices,
        '--cache-dir',
        join(dir, 'cache'),
        '--cache',
        cache,
        '--report',
        report,
      ];
      const run = await runCli(
        [...args('openai-chat:priced-model', join(dir, 'a.json'), 'write'), '--model', 'openai-chat:unpriced-model'],
        { env: openaiEnv(fake) },
      );
      expect(run.code).toBe(0);
      const report = evalOf(join(dir, 'a.json'));
      const priced = report.telemetry['openai-chat:priced-model']!;
      // Each run: 40+8 tokens for the tool call, 50+10 for the answer; 2 and 8 dollars per million.
      expect(priced.tokens).toEqual({ input: 270, output: 54, perRun: 108 });
      expect(priced.cost.usd).toBeCloseTo((270 * 2 + 54 * 8) / 1e6, 10);
      expect(priced.cost.spentUsd).toBeCloseTo(priced.cost.usd!, 10);
      expect(priced.cost.priceSource).toBe(prices);
      expect(priced.modelCallMs!.count).toBe(6);
      expect(priced.toolCallMs!.count).toBe(3);
      expect(priced.runMs!.p50).toBeLessThanOrEqual(priced.runMs!.p95);
      expect(priced.runMs!.p95).toBeLessThanOrEqual(priced.runMs!.max);
      const unpriced = report.telemetry['openai-chat:unpriced-model']!;
      expect(unpriced.cost.usd).toBeNull();
      expect(unpriced.cost.priceSource).toMatch(/no price for openai-chat:unpriced-model/);
      expect(run.stdout).toContain('cost unknown');
      expect(run.stdout).toContain('models side by side');
      // A cached rerun costs the same suite, but nothing was spent this time.
      await runCli(args('openai-chat:priced-model', join(dir, 'b.json'), 'write'), { env: openaiEnv(fake) });
      const again = evalOf(join(dir, 'b.json')).telemetry['openai-chat:priced-model']!;
      expect(again.cost.usd).toBeCloseTo(priced.cost.usd!, 10);
      expect(again.cost.spentUsd).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('a price file with a typo is a usage error naming the key', async () => {
    const prices = join(tempDir(), 'prices.yaml');
    writeFileSync(prices, 'prices:\n  "openai:gpt-4.1": { input: 2, ouput: 8 }\n');
    const run = await runCli(['eval', '--url', server.url, '--golden', golden, '--model', 'baseline', '--prices', prices]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${prices}:2:33: model "openai:gpt-4.1": ouput is not a key (did you mean "output"?)`);
  });
});
