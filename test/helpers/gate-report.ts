/**
 * A report whose gate failed against a baseline run, built by hand for the renderer tests: a soft case
 * and a metric that dropped significantly, items that passed, drift, the tool surface of both runs
 * (a tool removed, one changed, one added), failing runs with their tool calls and MRTR rounds, and
 * conformance areas with nothing but skips. Hostile text sits in a tool name, a tool description and
 * a trajectory argument.
 */

import { measured } from '../../src/gate/measure.js';
import { dropInterval, zFor } from '../../src/gate/wilson.js';
import type { EvalCaseResult, EvalSample, GateFinding, GateResult, Report, ToolSurface } from '../../src/report/model.js';
import { makeCase, makeEval, makeTelemetry } from './eval-factory.js';
import { makeCheck, makeReport } from './report-factory.js';

/** Masked by the redaction step: an Anthropic-shaped key. */
export const SECRET = 'sk-ant-api03-k3y0123456789abcdefghijkl';
/** A key, an ANSI colour, markup that would run a script, a right-to-left override and a zero-width space. */
export const HOSTILE = `${SECRET} \u001b[31m<img src=x onerror=alert(1)>\u202egnp.exe\u200bPASS`;

export const MODEL = 'openai:gpt-4.1-mini';
export const BASELINE_RUN = '3f9c0a1b2d4e5f60';
export const BASELINE_COMMIT = '9e8d7c6b5a493827';

const z = zFor(0.95);

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

function failingSample(index: number): EvalSample {
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

function weatherCase(): EvalCaseResult {
  const base = makeCase({ id: 'weather-paris', model: MODEL, kind: 'soft', passes: 10, runs: 20, required: 16 });
  return {
    ...base,
    trajectories: base.trajectories.map((t, i) => (t.status === 'pass' ? t : failingSample(i))),
    message: '10/20 passed (needs 16)',
  };
}

function finding(item: string, kind: GateFinding['kind'], then: [number, number], now: [number, number]): GateFinding {
  const baseline = measured({ k: then[0], n: then[1] }, z);
  const current = measured({ k: now[0], n: now[1] }, z);
  const drop = dropInterval(baseline, current, z);
  const failed = drop.low > 0.02;
  return {
    item,
    kind,
    rule: 'soft',
    verdict: failed ? 'fail' : 'pass',
    reason: failed ? `${item} dropped beyond max-drop 2 points` : `${item} within the noise`,
    baseline,
    current,
    drop,
  };
}

/** What the gate copies from the baseline run's report: its commit, fingerprint and tools. */
export const BASELINE_SURFACE = {
  commit: BASELINE_COMMIT,
  fingerprint: { toolsSha256: 'a'.repeat(64), toolCount: 3, serverName: 'reference-server', serverVersion: '1.2.2' },
  tools: BASELINE_TOOLS,
};

/**
 * The gate result. `baselineSurface` (the default) has the baseline's commit, fingerprint and tools, as
 * the gate copies them from its report; without them it is a baseline an earlier mcpgate recorded.
 */
export function failingGate({ baselineSurface = true } = {}): GateResult {
  const baseline = {
    startedAt: '2026-07-30T08:00:00.000Z',
    source: '.mcpgate/history/reports/0123abcd.json',
    runId: BASELINE_RUN,
    exitCode: 0,
    ...(baselineSurface ? BASELINE_SURFACE : {}),
  };
  const caseItem = { ...finding(`case:weather-paris@${MODEL}`, 'case', [19, 20], [10, 20]), drift: 'regression' as const };
  const metric = finding(`metric:argumentAccuracy@${MODEL}`, 'metric', [38, 40], [20, 40]);
  const findings = [
    caseItem,
    metric,
    finding(`metric:selectionAccuracy@${MODEL}`, 'metric', [40, 40], [40, 40]),
    finding('checks:should-score', 'check', [5, 5], [5, 5]),
  ];
  return {
    verdict: 'fail',
    exitCode: 1,
    reason: `gate failed: 2 item(s) failed: case:weather-paris@${MODEL}, metric:argumentAccuracy@${MODEL}`,
    options: { maxDrop: 0.02, minSamples: 5, confidence: 0.95 },
    baseline: baseline as GateResult['baseline'],
    findings,
    drift: [{ id: 'weather-paris', model: MODEL, baseline: { k: 19, n: 20 }, current: { k: 10, n: 20 }, label: 'regression' }],
  };
}

/** Areas of checks: one that passes, one with a failure, and three (mrtr, progress, auth) with nothing but skips. */
function checks() {
  const skipped = (id: string) => makeCheck({ id, status: 'skip', message: 'no tool annotated readOnlyHint: true to call' });
  return [
    makeCheck({ id: 'discover.responds' }),
    makeCheck({ id: 'discover.supported-versions' }),
    makeCheck({ id: 'tools.names', status: 'fail', message: `tool name ${HOSTILE} is not 1-128 characters of [A-Za-z0-9_.-]` }),
    makeCheck({ id: 'tools.list-order-stable' }),
    ...Array.from({ length: 9 }, (_, i) => skipped(`mrtr.check-${i}`)),
    ...Array.from({ length: 6 }, (_, i) => skipped(`progress.check-${i}`)),
    ...Array.from({ length: 6 }, (_, i) => skipped(`auth.check-${i}`)),
  ];
}

export function failingGateReport(): Report {
  const report = makeReport(checks(), {
    verdict: { exitCode: 1, reason: `gate: gate failed: 2 item(s) failed: case:weather-paris@${MODEL}, metric:argumentAccuracy@${MODEL}` },
    eval: makeEval([weatherCase(), makeCase({ id: 'weather-berlin', model: MODEL })], { [MODEL]: makeTelemetry(900, 0.05) }),
  });
  report.target.fingerprint = { toolsSha256: 'b'.repeat(64), toolCount: 3, serverName: 'reference-server', serverVersion: '1.2.3' };
  report.target.tools = CURRENT_TOOLS;
  report.gate = failingGate();
  return report;
}
