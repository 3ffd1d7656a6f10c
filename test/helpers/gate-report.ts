/**
 * A report whose gate failed against a baseline run, for the renderer tests, gated by the real gate
 * (src/gate/gate.ts gateReports) as `mcpgate run` gates it: a soft case and the argument accuracy that
 * dropped significantly, a MUST check that fails now, items that passed, drift, the tool surface of both
 * runs (a tool removed, one changed, one added), failing runs with their tool calls and MRTR rounds,
 * and conformance areas with nothing but skips. Hostile text sits in a tool name, a tool description,
 * a check message and a trajectory argument.
 */

import { gateReports } from '../../src/gate/gate.js';
import type { EvalCaseResult, EvalSample, GateResult, Report, ToolSurface } from '../../src/report/model.js';
import { makeCase, makeEval, makeTelemetry, withTrajectories } from './eval-factory.js';
import { checkIds, HTTP_TARGET, makeCheck, makeReport } from './report-factory.js';

/** Masked by the redaction step: an Anthropic-shaped key. */
export const SECRET = 'sk-ant-api03-k3y0123456789abcdefghijkl';
/** A key, an ANSI colour, markup that would run a script, a right-to-left override and a zero-width space. */
export const HOSTILE = `${SECRET} \u001b[31m<img src=x onerror=alert(1)>\u202egnp.exe\u200bPASS`;

export const MODEL = 'openai:gpt-4.1-mini';
export const BASELINE_RUN = '3f9c0a1b2d4e5f60';
export const BASELINE_COMMIT = '9e8d7c6b5a493827';
export const BASELINE_STARTED = '2026-07-30T08:00:00.000Z';
export const BASELINE_SOURCE = '.mcpgate/history/reports/0123abcd.json';
/** The MUST check that fails now (the gate fails it whatever the baseline says), its message quoting a hostile tool name. */
export const FAILING_CHECK = 'tools.input-schema-valid';
/** Areas whose checks all skip on this server (no MRTR tools, no resources, no prompts). */
export const SKIPPED_AREAS = ['mrtr', 'resources', 'prompts'];

const weatherThen: ToolSurface = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  annotations: { readOnlyHint: true },
};
const weatherNow: ToolSurface = {
  name: 'get_weather',
  description: `Current weather for a city. ${HOSTILE}`,
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
    required: ['city', 'units'],
  },
  annotations: { readOnlyHint: false },
};
const convert: ToolSurface = {
  name: 'convert_currency',
  description: 'Convert an amount between currencies.',
  inputSchema: { type: 'object', properties: { amount: { type: 'number' } } },
};
const legacy: ToolSurface = { name: 'get_forecast_v1', description: 'Old forecast tool.', inputSchema: { type: 'object' } };
const hostileTool: ToolSurface = { name: HOSTILE, description: 'A tool whose name is hostile.', inputSchema: { type: 'object' } };

export const BASELINE_TOOLS: ToolSurface[] = [convert, legacy, weatherThen];
export const CURRENT_TOOLS: ToolSurface[] = [convert, weatherNow, hostileTool];

/** A run that called get_weather with the right city and the units it was asked for. */
function rightArguments(index: number): EvalSample {
  return {
    index,
    status: 'pass',
    selection: 'correct',
    overActivated: false,
    args: { ok: true, issues: [] },
    forbidden: [],
    completion: { status: 'not_measured' },
    reasons: [],
    calls: [
      { name: 'get_weather', arguments: { city: 'Paris', units: 'celsius' }, result: '{"temperature":21}', isError: false, serverMs: 12 },
    ],
    finalText: 'It is 21 degrees in Paris.',
    ended: 'answered',
    modelMs: 700,
    serverMs: 12,
    stepMs: [400, 300],
    inputTokens: 110,
    outputTokens: 25,
    modelCalls: 2,
    cacheHits: 0,
  };
}

/** A run that left out the units, after an MRTR round that asked for them; its city argument is hostile. */
function missingUnits(index: number): EvalSample {
  return {
    index,
    status: 'fail',
    selection: 'correct',
    overActivated: false,
    args: { ok: false, issues: [{ argument: 'units', kind: 'missing', mode: 'exact', expected: 'celsius' }] },
    forbidden: [],
    completion: { status: 'not_measured' },
    reasons: ['argument units: missing, expected "celsius" (exact)'],
    calls: [
      {
        name: 'get_weather',
        arguments: { city: HOSTILE },
        result: `{"temperature":21,"note":"${HOSTILE}"}`,
        isError: false,
        serverMs: 12,
        rounds: [
          {
            inputs: [{ key: 'unit-choice', kind: 'elicitation', message: 'Which units?', fields: ['units'], answer: 'accept' }],
            requestState: true,
          },
        ],
      },
    ],
    finalText: 'It is 21 degrees in Paris.',
    ended: 'answered',
    modelMs: 800,
    serverMs: 12,
    stepMs: [500, 300],
    inputTokens: 120,
    outputTokens: 30,
    modelCalls: 2,
    cacheHits: 0,
  };
}

/** weather-paris, soft, with `passes` of 20 runs right. */
function weatherCase(passes: number): EvalCaseResult {
  const base = makeCase({ id: 'weather-paris', model: MODEL, kind: 'soft', runs: 20 });
  return withTrajectories(
    base,
    Array.from({ length: 20 }, (_, i) => (i < passes ? rightArguments(i) : missingUnits(i))),
  );
}

/** Conformance areas: one that passes, one with a MUST failure, and three with nothing but skips. */
function checks(now: boolean) {
  const skipped = (id: string) => makeCheck({ id, status: 'skip', message: 'the server declares no such capability' });
  return [
    makeCheck({ id: 'discover.responds' }),
    makeCheck({ id: 'discover.supported-versions' }),
    now
      ? makeCheck({ id: FAILING_CHECK, status: 'fail', message: `tool ${HOSTILE} has an inputSchema that is not a JSON Schema object` })
      : makeCheck({ id: FAILING_CHECK }),
    makeCheck({ id: 'tools.list-order-stable' }),
    ...SKIPPED_AREAS.flatMap((area) => checkIds({ area, transport: 'http' }).map(skipped)),
  ];
}

/**
 * A run of layers 0 and 1: `now` this run, otherwise the baseline run. `surface: false` leaves out the
 * commit, fingerprint and tool list, as reports of an mcpgate before them did.
 */
function run(now: boolean, surface = true): Report {
  const version = now ? '1.2.3' : '1.2.2';
  return makeReport(checks(now), {
    ...(now ? {} : { startedAt: BASELINE_STARTED, ...(surface ? { commit: BASELINE_COMMIT } : {}) }),
    target: {
      ...HTTP_TARGET,
      serverInfo: { name: 'reference-server', version },
      ...(surface
        ? {
            fingerprint: {
              toolsSha256: (now ? 'b' : 'a').repeat(64),
              toolCount: 3,
              serverName: 'reference-server',
              serverVersion: version,
            },
            tools: now ? CURRENT_TOOLS : BASELINE_TOOLS,
          }
        : {}),
    },
    eval: makeEval(
      [weatherCase(now ? 10 : 19), makeCase({ id: 'weather-berlin', model: MODEL })],
      { [MODEL]: makeTelemetry(900, 0.05) },
      20,
    ),
  });
}

/** This run, before the gate: the argument accuracy of weather-paris dropped, a MUST check fails, the tools changed. */
export function currentReport(): Report {
  return run(true);
}

/** The baseline run: green, every case at its floor, the tools as they were (without them, a report of an earlier mcpgate). */
export function baselineReport({ surface = true } = {}): Report {
  return run(false, surface);
}

/** What the gate copies from the baseline run's report: its commit, fingerprint and tools. */
export const BASELINE_SURFACE = {
  commit: BASELINE_COMMIT,
  fingerprint: { toolsSha256: 'a'.repeat(64), toolCount: 3, serverName: 'reference-server', serverVersion: '1.2.2' },
  tools: BASELINE_TOOLS,
};

/** The gate of this run against `baseline` (by default the baseline run), taken from the history as `--baseline auto` takes it. */
export function failingGate(baseline: Report = baselineReport()): GateResult {
  return gateReports(currentReport(), baseline, undefined, { source: BASELINE_SOURCE, runId: BASELINE_RUN, exitCode: 0 });
}

/** This run with its gate, as `mcpgate run` writes it: the gate decides the verdict. */
export function failingGateReport(gate: GateResult = failingGate()): Report {
  const { verdict: _verdict, summary: _summary, checks: ran, ...sections } = currentReport();
  return makeReport(ran, { ...sections, gate });
}
