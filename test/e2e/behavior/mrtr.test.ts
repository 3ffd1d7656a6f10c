/**
 * Layer 1 follows multi round-trip requests (SEP-2322): a scripted OpenAI chat model calls the
 * reference server's mrtr_* tools over HTTP and stdio; mcpgate answers elicitation from the golden
 * case, sampling with the model under test, roots from --root, and scores the input the server
 * asked for. Passes and failures are exactly the scripted ones.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { EvalReport } from '../../../src/report/model.js';
import { REFERENCE_SERVER, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

const GOLDEN = new URL('../../fixtures/golden-mrtr.yaml', import.meta.url).pathname;

const TOOL_FOR: Array<[string, string, string]> = [
  ['quarterly report', 'mrtr_form_elicitation', 'quarterly report'],
  ['board minutes', 'mrtr_form_elicitation', 'board minutes'],
  ['incident log', 'mrtr_sampling', 'incident log'],
  ['weekly digest', 'mrtr_two_rounds', 'weekly digest'],
  ['project files', 'mrtr_roots', 'project files'],
  ['status page', 'mrtr_load_shedding', 'status page'],
];

/** Picks the tool by keyword; a request without tools is a sampling request from the server. */
function scriptedModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  const tools = request.body.tools as unknown[] | undefined;
  const user = String([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  if (!tools || tools.length === 0) return chatCompletion({ text: `SAMPLED: ${user.slice(0, 60)}` });
  if (messages[messages.length - 1]!.role === 'tool') return chatCompletion({ text: 'Done.' });
  const hit = TOOL_FOR.find(([keyword]) => user.includes(keyword));
  if (!hit) return chatCompletion({ text: 'No tool fits.' });
  return chatCompletion({ calls: [{ id: 'c1', name: hit[1], arguments: { topic: hit[2] } }] });
}

let server: LaunchedServer;
let llm: FakeLlm;
beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER]);
  llm = await startFakeOpenAI((request) => scriptedModel(request));
});
afterAll(async () => {
  await server.stop();
  await llm.close();
});

const env = (): NodeJS.ProcessEnv => ({ OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl });

interface Evaluated {
  code: number | null;
  report: EvalReport;
  stdout: string;
  markdown: string;
  html: string;
}

async function evaluate(target: string[], extra: string[] = ['--root', 'file:///tmp/mcpgate-project']): Promise<Evaluated> {
  const dir = tempDir();
  const [report, markdown, html] = [join(dir, 'report.json'), join(dir, 'summary.md'), join(dir, 'report.html')];
  // --trajectories all: the tests read the tool results of passing samples, which are summarised by default.
  const args = [
    'eval',
    ...target,
    '--golden',
    GOLDEN,
    '--model',
    'openai-chat:fake-model',
    '--cache',
    'off',
    '--runs',
    '2',
    '--trajectories',
    'all',
  ];
  const run = await runCli([...args, '--report', report, '--markdown', markdown, '--html', html, ...extra], { env: env() });
  expect(run.stderr).toBe('');
  return {
    code: run.code,
    report: readPossibleReport(report).eval!,
    stdout: run.stdout,
    markdown: readFileSync(markdown, 'utf8'),
    html: readFileSync(html, 'utf8'),
  };
}

const sampleOf = (report: EvalReport, id: string) => report.cases.find((c) => c.id === id)!.trajectories[0]!;

describe.each([
  ['HTTP', (): string[] => ['--url', server.url]],
  ['stdio', (): string[] => ['--stdio', referenceStdio()]],
])('MRTR cases against the reference server over %s', (_transport, target) => {
  let result: Evaluated;
  beforeAll(async () => {
    result = await evaluate(target());
  }, 60_000);

  it('passes the cases whose input is asked and answered, fails the two designed failures', () => {
    const status = Object.fromEntries(result.report.cases.map((c) => [c.id, c.status]));
    expect(status).toEqual({
      'form-accepted': 'pass',
      'form-declined': 'fail',
      'sampled-summary': 'pass',
      'two-rounds': 'pass',
      'roots-listed': 'pass',
      'elicitation-expected-none-asked': 'fail',
    });
    expect(result.code).not.toBe(0);
  });

  it('answers the form from the case and records the round; the server saw the scripted content', () => {
    const call = sampleOf(result.report, 'form-accepted').calls[0]!;
    expect(call.rounds).toEqual([
      {
        inputs: [
          {
            key: 'recipient',
            kind: 'elicitation',
            message: 'Who should receive the quarterly report?',
            fields: ['name', 'email', 'copies', 'urgent'],
            answer: 'accept',
          },
        ],
        requestState: true,
      },
    ]);
    expect(call.isError).toBe(false);
    expect(call.result).toContain('Ada Lovelace <ada@example.com>');
  });

  it('sampling is answered by the model under test, roots by --root, two rounds both recorded', () => {
    expect(sampleOf(result.report, 'sampled-summary').calls[0]!.result).toContain('SAMPLED: Summarise the incident log');
    expect(sampleOf(result.report, 'roots-listed').calls[0]!.result).toContain('1 root(s)');
    const rounds = sampleOf(result.report, 'two-rounds').calls[0]!.rounds!;
    expect(rounds.map((r) => r.inputs.map((i) => `${i.key}:${i.kind}:${i.answer}`))).toEqual([
      ['recipient:elicitation:accept'],
      ['summary:sampling:answered'],
    ]);
  });

  it('names why each designed failure failed, with typed problems', () => {
    const declined = sampleOf(result.report, 'form-declined');
    expect(declined.input?.problems).toEqual([{ kind: 'refused', action: 'decline' }]);
    expect(declined.reasons).toContain('the scripted user answered the elicitation with decline, so the task could not finish');
    const none = sampleOf(result.report, 'elicitation-expected-none-asked');
    expect(none.calls[0]!.rounds).toEqual([{ inputs: [], requestState: true }]);
    expect(none.input?.problems).toEqual([{ kind: 'missing', expected: 'elicitation' }]);
  });
});

describe('the reports show the input rounds of failing cases', () => {
  let result: Evaluated;
  beforeAll(async () => {
    result = await evaluate(['--url', server.url]);
  }, 60_000);
  const declinedRound =
    'mrtr_form_elicitation round 1 (sample 1): recipient: elicitation "Who should receive the board minutes?" → decline';

  it('in the terminal, HTML and Markdown, only for failing cases', () => {
    expect(result.stdout).toContain(declinedRound + ', requestState echoed');
    expect(result.stdout).toContain('mrtr_load_shedding round 1 (sample 1): no input asked, requestState echoed');
    expect(result.stdout).not.toContain('receive the quarterly report');
    expect(result.markdown).toContain('**Input rounds (MRTR) of failing cases:**');
    expect(result.markdown).toContain('- form-declined with openai-chat:fake-model:\n  - mrtr\\_form\\_elicitation round 1 (sample 1)');
    expect(result.html).toContain('recipient: elicitation &quot;Who should receive the board minutes?&quot; → decline');
    expect(result.html).not.toContain('receive the quarterly report');
  });

  it('without --root the roots capability is not declared, so the roots case fails and says why', async () => {
    const { report } = await evaluate(['--url', server.url], []);
    const sample = sampleOf(report, 'roots-listed');
    expect(sample.status).toBe('fail');
    expect(sample.calls[0]!.rounds).toBeUndefined();
    expect(sample.input?.problems).toEqual([{ kind: 'missing', expected: 'roots' }]);
  });
});

describe('round bound and the lexical baseline', () => {
  it('--max-rounds 1 gives up the two-round call and fails the case with the reason', async () => {
    const { report } = await evaluate(['--url', server.url], ['--max-rounds', '1']);
    const sample = sampleOf(report, 'two-rounds');
    expect(sample.status).toBe('fail');
    expect(sample.calls[0]!.rounds).toHaveLength(1);
    expect(sample.calls[0]!.result).toContain('still asked for input after 1 round(s)');
    // The round cap is one of mcpgate's caps on the server's demands: a typed limit, not an unfinished call.
    expect(sample.input?.problems).toEqual([{ kind: 'limit', limit: 'rounds', tool: 'mrtr_two_rounds', asked: 2, max: 1 }]);
    expect(sample.reasons).toContain(
      'mrtr_two_rounds still asked for input after 1 round(s) (--max-rounds, eval.max_rounds); the call was given up',
    );
    expect(report.cases.find((c) => c.id === 'form-accepted')!.status).toBe('pass');
  });

  it('--sampling-model answers the sampling requests in place of the model under test', async () => {
    const before = llm.requests.length;
    const { report } = await evaluate(['--url', server.url], ['--sampling-model', 'openai-chat:sampler-model']);
    const asked = llm.requests.slice(before).map((request) => request.body as { model: string; tools?: unknown[] });
    const sampling = asked.filter((body) => !body.tools || body.tools.length === 0);
    expect(sampling.length).toBeGreaterThan(0);
    expect(new Set(sampling.map((body) => body.model))).toEqual(new Set(['sampler-model']));
    expect(new Set(asked.filter((body) => body.tools && body.tools.length > 0).map((body) => body.model))).toEqual(new Set(['fake-model']));
    expect(report.cases.find((c) => c.id === 'sampled-summary')!.status).toBe('pass');
  });

  it('the offline baseline runs the MRTR set without crashing', async () => {
    const report = join(tempDir(), 'baseline.json');
    const run = await runCli(['eval', '--url', server.url, '--golden', GOLDEN, '--report', report]);
    expect(run.stderr).toContain('lexical baseline');
    expect(run.stderr).not.toMatch(/at .*\.js:\d+/);
    expect([0, 1]).toContain(run.code);
    const cases = readPossibleReport(report).eval!.cases;
    expect(cases).toHaveLength(6);
    expect(cases.every((c) => c.status !== 'error')).toBe(true);
  });
});
