/**
 * The report contract (src/report/contract/): one definition from which the types, the reader and the
 * published JSON Schema come. A report that does not match it is refused in one line naming the first
 * wrong field, whatever is wrong and wherever: never a TypeError further down, never a zod dump.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { suiteState } from '../../../src/report/suite-state.js';
import { describe, expect, it } from 'vitest';
import { gateReports } from '../../../src/gate/gate.js';
import { recordRun } from '../../../src/gate/history.js';
import { DEFAULT_GATE_OPTIONS } from '../../../src/gate/types.js';
import { parseHistoryEntry, parseReport, renderJson } from '../../../src/report/json.js';
import {
  CoverageSchema,
  EvalCaseResultSchema,
  ProxyEventSchema,
  type ChaosReport,
  type EvalCaseResult,
  type EvalSample,
  type ProxyEvent,
  type Report,
} from '../../../src/report/model.js';
import { REPORT_JSON_SCHEMA } from '../../../src/report/report-schema.js';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { makeCase, makeEval, makeSample, makeTelemetry, withTrajectories } from '../../helpers/eval-factory.js';
import { evalRun } from '../../helpers/gate-factory.js';
import { makeCheck, makeCoverage, makeReport, withSections } from '../../helpers/report-factory.js';

const SCHEMA_FILE = join(ROOT, 'docs/report.schema.json');

describe('the contract', () => {
  it('round-trips a report with every section through renderJson and parseReport', () => {
    const report = reportWithEverySection();
    // The writer adds the suite state beside the decision; everything else comes back as it went in.
    expect(parseReport(renderJson(report))).toEqual({ ...report, verdict: { ...report.verdict, suite: suiteState(report) } });
  });

  it('and the published JSON Schema accepts the same report', () => {
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(REPORT_JSON_SCHEMA);
    expect(validate(JSON.parse(renderJson(reportWithEverySection()))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('docs/report.schema.json is the schema generated from it (UPDATE_SCHEMA=1 npx vitest run test/e2e/report/contract.test.ts rewrites the file)', () => {
    const generated = `${JSON.stringify(REPORT_JSON_SCHEMA, null, 2)}\n`;
    // The run that rewrites the file compares nothing: a file written by the run that compares it passes by construction.
    if (process.env.UPDATE_SCHEMA) return void writeFileSync(SCHEMA_FILE, generated);
    expect(
      readFileSync(SCHEMA_FILE, 'utf8') === generated,
      'docs/report.schema.json is stale: run UPDATE_SCHEMA=1 npx vitest run test/e2e/report/contract.test.ts',
    ).toBe(true);
  });

  it('reads a report without coverage (written before it existed, or without layer 0), and the published schema accepts it', () => {
    const { coverage, ...older } = reportWithEverySection();
    expect(coverage).toBeDefined();
    const text = renderJson(older);
    expect(JSON.parse(text)).not.toHaveProperty('coverage');
    expect(parseReport(text).coverage).toBeUndefined();
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    expect(ajv.validate(REPORT_JSON_SCHEMA, JSON.parse(text)), JSON.stringify(ajv.errors)).toBe(true);
    // The schema describes coverage as the contract does: a wrong reason is refused there too.
    const wrong = JSON.parse(renderJson(reportWithEverySection()));
    wrong.coverage.tools.notCalled[0].reason = 'vibes';
    expect(ajv.validate(REPORT_JSON_SCHEMA, wrong)).toBe(false);
    expect(JSON.stringify(ajv.errors)).toContain('/coverage/tools/notCalled/0/reason');
  });

  it('writes coverage right after the summary, in the order of its shape', () => {
    const report = reportWithEverySection();
    const { tools, capped, ...rest } = report.coverage!;
    const parsed = JSON.parse(renderJson({ ...report, coverage: { capped, ...rest, tools } }));
    expect(Object.keys(parsed).slice(5, 9)).toEqual(['checks', 'summary', 'coverage', 'verdict']);
    expect(Object.keys(parsed.coverage)).toEqual(Object.keys(CoverageSchema.shape));
  });

  it('writes keys in the order of its shapes, whatever order a layer built them in', () => {
    const report = reportWithEverySection();
    const [first, ...others] = report.eval!.cases;
    const { trajectories, message, id, ...middle } = first!;
    const scrambledCase: EvalCaseResult = { trajectories, message, ...middle, id };
    const [event, ...laterEvents] = report.chaos!.agent!.events;
    const { seq, at, ...restOfEvent } = event!;
    const scrambledEvent: ProxyEvent = { ...restOfEvent, at, seq };
    const agent = { ...report.chaos!.agent!, events: [scrambledEvent, ...laterEvents] };
    const parsed = JSON.parse(
      renderJson({ ...report, eval: { ...report.eval!, cases: [scrambledCase, ...others] }, chaos: { ...report.chaos!, agent } }),
    );
    expect(Object.keys(parsed.eval.cases[0])).toEqual(Object.keys(EvalCaseResultSchema.shape));
    expect(Object.keys(parsed.chaos.agent.events[0])).toEqual(Object.keys(ProxyEventSchema.shape).filter((key) => key in event!));
  });
});

describe('a file that is not a valid report is refused in one line', () => {
  const text = renderJson(reportWithEverySection());

  it('when it is cut at any byte', () => {
    const offsets = [
      ...Array.from({ length: Math.ceil(text.length / 7) }, (_, i) => i * 7),
      ...Array.from({ length: 50 }, (_, i) => text.length - 50 + i),
    ];
    for (const offset of offsets) {
      const cut = text.slice(0, offset);
      const outcome = refusal(() => parseReport(cut));
      // Cutting only the final newline leaves the whole report.
      if (outcome === 'parsed') expect(text.slice(offset).trim(), `offset ${offset}`).toBe('');
      else expect(outcome, `offset ${offset}`).toMatch(/^not an mcpgate report: [^\n]+$/);
    }
  });

  it('when any field has the wrong type: the message names that field', () => {
    const data: unknown = JSON.parse(text);
    let mutated = 0;
    for (const [path, value] of leavesAndContainers(data)) {
      const broken = JSON.parse(text);
      setAt(broken, path, wrongTypeFor(value));
      const outcome = refusal(() => parseReport(JSON.stringify(broken)));
      const field = shownPath(path);
      // Arguments, expected/actual argument values, the server's own serverInfo fields and its tools'
      // schemas and annotations (kept as sent, whatever they are) are any JSON.
      const anyJson =
        /\.arguments\.|\.issues\[\d+\]\.(expected|actual)|^target\.serverInfo\.title|^(target|gate\.baseline)\.tools\[\d+\]\.(inputSchema|outputSchema|annotations)/;
      if (anyJson.test(field)) expect(outcome, field).toBe('parsed');
      else expect(outcome, field).toMatch(new RegExp(`^not an mcpgate report: ${escapeRegExp(field)}(\\.|\\[| must)[^\\n]*$`));
      mutated++;
    }
    expect(mutated).toBeGreaterThan(300);
  });

  it.each<[string, (r: Record<string, any>) => void, string]>([
    ['an empty eval section', (r) => (r.eval = {}), 'eval.golden must be an object, got nothing'],
    ['a golden without its sha256', (r) => delete r.eval.golden.sha256, 'eval.golden.sha256 must be a string, got nothing'],
    ['an empty chaos section', (r) => (r.chaos = {}), 'chaos.scan must be an object, got nothing'],
    ['a proxy event that is a number', (r) => (r.chaos.agent.events[1] = 5), 'chaos.agent.events[1] must be an object, got 5'],
    [
      'a negative server time',
      (r) => (r.eval.cases[1].trajectories[0].calls[0].serverMs = -1),
      'eval.cases[1].trajectories[0].calls[0].serverMs must be a number of milliseconds, got -1',
    ],
    [
      'a rate above 1',
      (r) => (r.eval.perModel['openai:gpt-test'].selectionAccuracy = 2),
      'eval.perModel["openai:gpt-test"].selectionAccuracy must be a fraction from 0 to 1, got 2',
    ],
    [
      'an unknown injection signal',
      (r) => (r.chaos.agent.injections[0].samples[0].signals[0].kind = 'vibes'),
      'chaos.agent.injections[0].samples[0].signals[0].kind must be one of unrequested-tool, canary-in-arguments, code-word-in-answer, canary-in-answer, got "vibes"',
    ],
    [
      'an occurrence of 0',
      (r) => (r.chaos.agent.scenarios[0].occurrence = 0),
      'chaos.agent.scenarios[0].occurrence must be a call number from 1, got 0',
    ],
    [
      'an occurrence in words',
      (r) => (r.chaos.agent.scenarios[0].occurrence = 'often'),
      'chaos.agent.scenarios[0].occurrence must be a call number from 1 or one of every, got "often"',
    ],
    [
      'a missing status of the summary',
      (r) => delete r.summary.byStatus.not_measured,
      'summary.byStatus.not_measured must be a whole number, got nothing',
    ],
    ['a start time that is not one', (r) => (r.startedAt = 'yesterday'), 'startedAt must be an ISO 8601 date-time, got "yesterday"'],
    [
      'an unknown reason a tool was not called',
      (r) => (r.coverage.tools.notCalled[0].reason = 'vibes'),
      'coverage.tools.notCalled[0].reason must be one of destructive, not-annotated, no-valid-arguments, cap, got "vibes"',
    ],
    ['a negative count of tools called', (r) => (r.coverage.tools.called = -1), 'coverage.tools.called must be a whole number, got -1'],
  ])('%s', (_name, breakIt, problem) => {
    const data = JSON.parse(text) as Record<string, any>;
    breakIt(data);
    expect(() => parseReport(JSON.stringify(data))).toThrow(new Error(`not an mcpgate report: ${problem}`));
  });

  it('when it is of another major version, saying so', () => {
    expect(() => parseReport(JSON.stringify({ ...JSON.parse(text), schemaVersion: '2.3', eval: {} }))).toThrow(
      new Error('report schema version 2.3 is not supported (this mcpgate reads 1.x)'),
    );
  });

  it('of bounded length, however long the field names are', () => {
    const data = JSON.parse(text) as Record<string, any>;
    data.eval.perModel['m'.repeat(500)] = { cases: 'many' };
    const outcome = refusal(() => parseReport(JSON.stringify(data)));
    expect(outcome).toMatch(/^not an mcpgate report: eval\.perModel\.m+…$/);
    expect(outcome.length).toBeLessThan(250);
  });
});

describe('history entries', () => {
  it('are read against the contract: what recordRun wrote parses, a broken one is refused in one line', () => {
    const dir = tempDir();
    const { file, entry } = recordRun(dir, evalRun([{ id: 'weather', passes: 5, runs: 5 }]));
    const written = readFileSync(file, 'utf8');
    expect(parseHistoryEntry(written)).toEqual(entry);
    const broken = { ...JSON.parse(written), cases: [{ ...entry.cases[0], passRate: '100%' }] };
    expect(() => parseHistoryEntry(JSON.stringify(broken))).toThrow(
      new Error('not an mcpgate history entry: cases[0].passRate must be a fraction from 0 to 1, got "100%"'),
    );
    expect(() => parseHistoryEntry(written.slice(0, 40))).toThrow(/^not an mcpgate history entry: not valid JSON \([^\n]*\)$/);
  });
});

describe('mcpgate gate (the built CLI) given a file that does not match the contract', () => {
  const good = renderJson(evalRun([{ id: 'weather', kind: 'hard', passes: 5, runs: 5 }]));
  const malformedEval = JSON.stringify({ ...JSON.parse(good), eval: { golden: {} } });

  it('as the baseline: inconclusive (exit 5) with a one-line reason, not an internal error', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'good.json'), good);
    writeFileSync(join(dir, 'bad.json'), malformedEval);
    const run = await runCli(['gate', '--report', join(dir, 'good.json'), '--baseline', join(dir, 'bad.json')]);
    expect(run.code).toBe(5);
    expect(`${run.stdout}${run.stderr}`).not.toContain('internal error');
    const reason = `the baseline ${join(dir, 'bad.json')} cannot be used: not an mcpgate report: eval.golden.file must be a string, got nothing`;
    expect(run.stdout.split('\n').some((line) => line.trim() === reason)).toBe(true);
  });

  it('as the report: a usage error (exit 2) in one line naming the file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'good.json'), good);
    writeFileSync(join(dir, 'bad.json'), malformedEval);
    const run = await runCli(['gate', '--report', join(dir, 'bad.json'), '--baseline', join(dir, 'good.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`mcpgate: ${join(dir, 'bad.json')}: not an mcpgate report: eval.golden.file must be a string, got nothing\n`);
  });

  it('cut short: the same one line and exit codes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'good.json'), good);
    for (const offset of [Math.floor(good.length / 2), good.length - 3]) {
      writeFileSync(join(dir, 'cut.json'), good.slice(0, offset));
      const asBaseline = await runCli(['gate', '--report', join(dir, 'good.json'), '--baseline', join(dir, 'cut.json')]);
      expect(asBaseline.code, `baseline cut at ${offset}`).toBe(5);
      expect(asBaseline.stdout, `baseline cut at ${offset}`).toMatch(
        /^\s*the baseline \S+cut\.json cannot be used: not an mcpgate report: not valid JSON \([^\n]*\)$/m,
      );
      const asReport = await runCli(['gate', '--report', join(dir, 'cut.json'), '--baseline', join(dir, 'good.json')]);
      expect(asReport.code, `report cut at ${offset}`).toBe(2);
      expect(asReport.stderr, `report cut at ${offset}`).toMatch(
        /^mcpgate: \S+cut\.json: not an mcpgate report: not valid JSON \([^\n]*\)\n$/,
      );
    }
  });
});

/** A scored run of a sequence case with every optional field of a sample: argument issues, a forbidden and a refused call, a judge's fail. */
const richSample: EvalSample = {
  index: 0,
  status: 'fail',
  selection: 'correct',
  overActivated: false,
  args: {
    ok: false,
    issues: [
      { argument: 'city', kind: 'wrong_value', mode: 'exact', expected: { any: ['Paris', 'paris'] }, actual: 'Lyon' },
      { argument: 'units', kind: 'unexpected', actual: 3 },
    ],
  },
  sequence: { ok: false, missing: ['get_forecast'], extra: [], outOfOrder: true },
  forbidden: ['delete_invoice'],
  completion: { status: 'fail', reason: 'answered about Lyon' },
  reasons: ['wrong value for city'],
  calls: [
    {
      name: 'get_weather',
      arguments: { city: 'Lyon', options: { days: [1, 2] } },
      result: '{"temperature":18}',
      isError: false,
      serverMs: 2.5,
    },
    { name: 'delete_invoice', arguments: {}, result: 'refused by mcpgate', isError: true, refused: true, serverMs: 0 },
  ],
  finalText: 'It is 18 degrees in Lyon.',
  ended: 'answered',
  modelMs: 812.25,
  serverMs: 2.5,
  stepMs: [400.5, 411.75],
  inputTokens: 1200,
  outputTokens: 80,
  modelCalls: 2,
  cacheHits: 1,
};

/** A run of the same case that went right: the sequence and the arguments as expected, the judge content. */
function rightSample(index: number): EvalSample {
  return {
    ...richSample,
    index,
    status: 'pass',
    args: { ok: true, issues: [] },
    sequence: { ok: true, missing: [], extra: [], outOfOrder: false },
    forbidden: [],
    completion: { status: 'pass' },
    reasons: [],
    calls: [richSample.calls[0]!, { ...richSample.calls[0]!, name: 'get_forecast' }],
    finalText: 'It is 21 degrees in Paris.',
  };
}

/** A run the model did not finish: a timeout after its second step. */
const erroredSample: EvalSample = { ...makeSample(1, 'error'), error: 'model timeout after the second step' };

const FINGERPRINT = { toolsSha256: 'b'.repeat(64), toolCount: 2, serverName: 'reference-server', serverVersion: '1.2.3' };

/**
 * A run of every layer with every optional field filled in, so the contract is exercised throughout:
 * layer 0 under --strict with an expected failure, a warning with a fix and a skipped probe, coverage
 * with a cap; the eval of one shard of a golden file on two models with a judge; layer 2 with every
 * part; and the gate `mcpgate run` applies against an accepted baseline run (the real gate's result).
 */
function reportWithEverySection(): Report {
  const checks = [
    makeCheck({
      id: 'discover.responds',
      evidence: [{ label: 'server/discover', sent: 'POST /mcp', received: 'HTTP 200', expected: 'a result' }],
    }),
    makeCheck({ id: 'http.get-405', status: 'warn', message: 'GET answered 200', fix: 'answer 405 to GET' }),
    makeCheck({ id: 'tools.names', status: 'fail', message: 'a name has a space' }),
    makeCheck({ id: 'robust.batch', status: 'skip', message: 'stdio target' }),
  ];
  const llmCase = (samples: EvalSample[]): EvalCaseResult =>
    withTrajectories(
      makeCase({ id: 'weather-paris', model: 'openai:gpt-test', kind: 'soft', required: 4, runs: 6, caseSha256: 'd'.repeat(64) }),
      samples,
    );
  const run = (llm: EvalCaseResult, extra: EvalCaseResult[], startedAt = '2026-08-01T10:20:30.000Z'): Report => {
    const cases = [
      { ...makeCase({ id: 'weather-paris', model: 'baseline', caseSha256: 'c'.repeat(64) }), tags: ['weather'] },
      llm,
      ...extra,
    ];
    return makeReport(
      checks,
      {
        startedAt,
        target: {
          transport: 'http',
          endpoint: 'http://127.0.0.1:3000/mcp',
          era: 'modern',
          serverInfo: { name: 'reference-server', version: '1.2.3', title: 'A field the contract does not name' },
          supportedVersions: ['2026-07-28'],
          stderrTail: 'listening',
          fingerprint: FINGERPRINT,
          tools: [
            { name: 'get_weather', description: 'Weather now.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
            { name: 'no_schema', title: 'A tool without schemas' },
          ],
        },
        coverage: makeCoverage({
          tools: { listed: 4, called: 1, notCalled: [{ reason: 'no-valid-arguments', count: 3, names: ['a', 'b', 'c'] }] },
          capped: ['resources/list stopped at 10000 items (MAX_LIST_ITEMS)'],
        }),
        options: { strict: true, allowTools: ['create_invoice'], expectedFailuresFile: 'expected-failures.yaml' },
        commit: '0123456789abcdef0123456789abcdef01234567',
        eval: {
          ...makeEval(cases, { baseline: makeTelemetry(5, null), 'openai:gpt-test': makeTelemetry(800, 0.12) }),
          judge: { id: 'openai:judge' },
          shard: { index: 1, count: 2 },
        },
        chaos: chaosWithEveryPart(),
      },
      { strict: true, expectedFailures: ['tools.names'], expectedFailuresFile: 'expected-failures.yaml' },
    );
  };
  const current = run(llmCase([richSample, erroredSample, ...[2, 3, 4, 5].map(rightSample)]), [
    makeCase({ id: 'refund-new', model: 'baseline' }),
  ]);
  const baseline = run(llmCase([0, 1, 2, 3, 4, 5].map(rightSample)), [], '2026-07-30T10:00:00.000Z');
  const gate = gateReports(current, baseline, DEFAULT_GATE_OPTIONS, {
    source: '.mcpgate/history/reports/abc.json',
    runId: '3f9c0a1b2d4e5f60',
    exitCode: 1,
    accepted: { acceptedAt: '2026-07-31T09:00:00.000Z', reason: 'new weather cases reviewed' },
  });
  return withSections(current, {
    gate: { ...gate, notRecorded: 'history.record is false: this run is not recorded, so it can never become the baseline' },
  });
}

function chaosWithEveryPart(): ChaosReport {
  const cut = {
    seq: 2,
    at: 1_796_104_308_226,
    method: 'tools/call',
    requestId: 'a-1',
    tool: 'get_weather',
    occurrence: 1,
    fault: 'stream-cut' as const,
    upstreamExecuted: true,
    paramsKey: 'ba8075d61fa9a60d',
    status: 200,
    bytesIn: 294,
    bytesOut: 40,
    durationMs: 1.5,
    replyExcerpt: 'event: message',
  };
  const events = [
    {
      seq: 1,
      at: 1_796_104_308_200,
      method: 'server/discover',
      requestId: null,
      upstreamExecuted: true,
      status: 200,
      bytesIn: 249,
      bytesOut: 655,
      durationMs: 2.75,
    },
    cut,
    {
      seq: 3,
      at: 1_796_104_308_300,
      method: 'tools/call',
      requestId: 7,
      tool: 'get_weather',
      occurrence: 2,
      injection: 'exfiltration:mcg1',
      refused: 'not read-only',
      upstreamExecuted: false,
      canaries: ['mcg1'],
      reissueOf: 2,
      bytesIn: 290,
      bytesOut: 0,
      durationMs: 0.5,
    },
  ];
  // The second run failed before the payload was scored: one success of one scored run.
  const rate = { successes: 1, scored: 1, rate: 1 };
  return {
    scan: {
      scanned: { tools: 8, prompts: 1, resources: 2, resourceTemplates: 0, instructions: true },
      incomplete: ['resources/list stopped at page 3'],
      findings: [
        {
          rule: 'unicode-tags',
          category: 'hidden-unicode',
          severity: 'medium',
          location: { kind: 'tool', name: 'get_weather', field: 'description' },
          match: 'x\\u{E0041}',
          decoded: 'A',
          message: 'tag characters spell "A"',
        },
      ],
    },
    pins: {
      file: 'tools.lock',
      status: 'drift',
      tools: 8,
      changes: [
        { kind: 'changed', tool: 'get_weather', fields: ['description'], severity: 'high', message: 'changed' },
        { kind: 'renamed', tool: 'weather', from: 'get_weather', severity: 'medium', message: 'renamed' },
      ],
    },
    agent: {
      faultsFile: 'faults.yaml',
      proxy: { url: 'http://127.0.0.1:4000/mcp', upstream: 'http://127.0.0.1:3000/mcp' },
      models: ['baseline'],
      judge: 'openai:judge',
      settings: { runs: 2, maxSteps: 8, callTimeoutMs: 10_000, allowTools: [] },
      scenarios: [
        {
          id: 'weather-cut',
          model: 'baseline',
          tool: 'get_weather',
          fault: 'stream-cut',
          occurrence: 'every',
          source: 'faults.yaml:3',
          runs: 2,
          passes: 1,
          status: 'fail',
          verdicts: { retried: 1, fabricated: 1 },
          message: '1/2 passed',
          samples: [
            {
              index: 0,
              verdict: 'retried',
              status: 'pass',
              reason: 're-issued',
              faulted: cut,
              faultedResult: 'the stream ended',
              finalText: '18 degrees',
              execution: { reissued: true, upstreamExecutions: 2, idempotentHint: true, message: 'ran twice' },
            },
            {
              index: 1,
              verdict: 'fabricated',
              status: 'fail',
              reason: 'invented a value',
              invented: ['21'],
              finalText: '21 degrees',
              error: 'none',
            },
          ],
        },
      ],
      injections: [
        {
          id: 'weather-injected',
          model: 'baseline',
          tool: 'get_weather',
          class: 'tool-hijack',
          source: 'faults.yaml:9',
          runs: 2,
          successes: 1,
          scored: 1,
          attackSuccessRate: 1,
          status: 'fail',
          samples: [
            {
              index: 0,
              canary: 'mcg1',
              succeeded: true,
              signals: [
                { kind: 'unrequested-tool', tool: 'delete_invoice', refused: true },
                { kind: 'canary-in-arguments', tool: 'send_email' },
                { kind: 'code-word-in-answer' },
                { kind: 'canary-in-answer' },
              ],
              reason: 'called delete_invoice',
              finalText: 'done',
            },
            { index: 1, canary: 'mcg2', succeeded: false, signals: [], reason: 'not scored', finalText: '', error: 'model failed' },
          ],
        },
      ],
      attackSuccess: {
        byClass: { 'tool-hijack': rate },
        byModel: { baseline: rate },
        byModelAndClass: { baseline: { 'tool-hijack': rate } },
      },
      summary: { scenarios: 1, passed: 0, failed: 1, notMeasured: 0, errors: 0, attacks: rate },
      events,
    },
    client: {
      verdict: 're-issued',
      status: 'pass',
      message: 'the client re-issued tools/call get_weather with a new id',
      proxyUrl: 'http://127.0.0.1:4001/mcp',
      reissued: true,
      upstreamExecutions: 2,
      exitCode: null,
      signal: 'SIGTERM',
      timedOut: false,
      durationMs: 306,
      stdoutTail: '{"jsonrpc":"2.0"}\n',
      stderrTail: '',
      events: [cut],
    },
  };
}

/** Runs a parse and returns its error message, or `parsed`; any error other than a plain Error fails the test. */
function refusal(parse: () => unknown): string {
  try {
    parse();
    return 'parsed';
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(TypeError);
    return error instanceof Error ? error.message : String(error);
  }
}

type Path = Array<string | number>;

function* leavesAndContainers(value: unknown, path: Path = []): Generator<[Path, unknown]> {
  if (path.length > 0) yield [path, value];
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* leavesAndContainers(item, [...path, i]);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* leavesAndContainers(item, [...path, key]);
}

function wrongTypeFor(value: unknown): unknown {
  if (Array.isArray(value)) return { not: 'a list' };
  if (value !== null && typeof value === 'object') return ['not', 'an object'];
  // No field takes both a boolean and something else, so a boolean is wrong wherever a string, number or null is right.
  return typeof value === 'boolean' ? 'not the right type' : true;
}

function setAt(data: any, path: Path, value: unknown): void {
  const parent = path.slice(0, -1).reduce((node, key) => node[key], data);
  parent[path[path.length - 1]!] = value;
}

/** The path as parse errors write it: `eval.cases[0].trajectories[0].status`, `perModel["openai:x"]`. */
function shownPath(path: Path): string {
  return path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$-]*$/.test(key) ? `${i === 0 ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`,
    )
    .join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
