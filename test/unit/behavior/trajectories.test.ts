/**
 * `--trajectories`: once scored, a passing sample keeps its verdict, tool names, arguments, timings
 * and tokens but not the tool results or the final answer; failing samples stay whole unless `none`
 * is asked for, and `all` keeps everything. Runs the real runner with the lexical baseline against an
 * in-process session (no child process), so it belongs to the unit project.
 */

import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../../src/behavior/golden/index.js';
import { runEval } from '../../../src/behavior/runner.js';
import { keptSample, type TrajectoryMode } from '../../../src/behavior/trajectories.js';
import { createBaseline } from '../../../src/models/baseline.js';
import { EvalSampleSchema, type EvalCaseResult } from '../../../src/report/model.js';
import { defaultPriceTable } from '../../../src/telemetry/prices.js';
import type { McpSession, ToolResult } from '../../../src/wire/session.js';

const LONG_RESULT = `Paris: 18 °C, partly cloudy. ${'details '.repeat(40)}`;

/** A server with one weather tool, answered in-process. */
const session: McpSession = {
  era: 'modern',
  serverInfo: { name: 'in-process', version: '1.0.0' },
  listTools: async () => [
    {
      name: 'get_weather',
      description: 'Current weather for a city: temperature and conditions',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      annotations: { readOnlyHint: true },
    },
  ],
  callTool: async (): Promise<ToolResult> => ({ text: LONG_RESULT, isError: false, durationMs: 1, exchange: undefined as never }),
  close: async () => undefined,
};

// The first case passes; the second expects an argument the baseline cannot know, so it fails.
const golden = parseGoldenSet(
  `cases:
  - id: weather-passes
    prompt: What is the weather in Paris right now?
    expect_tool: get_weather
  - id: weather-fails
    prompt: What is the weather in Paris right now?
    expect_tool: get_weather
    expect_args:
      city: Atlantis
`,
  'golden.yaml',
);

async function casesWith(trajectories?: TrajectoryMode): Promise<Record<string, EvalCaseResult>> {
  const outcome = await runEval({
    session,
    golden,
    goldenSha256: '0'.repeat(64),
    models: [{ client: createBaseline(), stats: { providerCalls: 0, cacheHits: 0 } }],
    runs: 2,
    maxSteps: 4,
    temperature: 0,
    softFloor: 0.8,
    allowTools: [],
    concurrency: 2,
    cacheMode: 'off',
    prices: defaultPriceTable(),
    ...(trajectories ? { trajectories } : {}),
  });
  return Object.fromEntries(outcome.report.cases.map((c) => [c.id, c]));
}

describe('--trajectories', () => {
  it('failing (the default): passing samples are summarised, failing ones keep results and answer', async () => {
    const cases = await casesWith();
    expect(cases['weather-passes']!.status).toBe('pass');
    expect(cases['weather-fails']!.status).toBe('fail');
    for (const sample of cases['weather-passes']!.trajectories) {
      expect(sample.summarised).toBe(true);
      expect(sample.finalText).toBe('');
      expect(sample.calls.map((c) => [c.name, c.arguments, c.result])).toEqual([['get_weather', { city: 'Paris' }, '']]);
      expect(sample.modelCalls).toBeGreaterThan(0);
      expect(EvalSampleSchema.safeParse(sample).success).toBe(true);
    }
    for (const sample of cases['weather-fails']!.trajectories) {
      expect(sample.summarised).toBeUndefined();
      expect(sample.calls[0]!.result).toContain('Paris: 18 °C');
      expect(sample.finalText.length).toBeGreaterThan(0);
    }
  });

  it('all keeps every sample whole; none summarises the failing ones too', async () => {
    const all = await casesWith('all');
    expect(Object.values(all).flatMap((c) => c.trajectories.map((s) => s.summarised))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(all['weather-passes']!.trajectories[0]!.calls[0]!.result).toContain('Paris: 18 °C');
    const none = await casesWith('none');
    expect(Object.values(none).flatMap((c) => c.trajectories.map((s) => s.summarised))).toEqual([true, true, true, true]);
    // The verdicts do not depend on what is kept.
    expect(Object.values(none).map((c) => [c.id, c.status, c.passes, c.message])).toEqual(
      Object.values(all).map((c) => [c.id, c.status, c.passes, c.message]),
    );
  });

  it('an error sample is kept whole under failing', () => {
    const sample = { ...errorSampleFields(), status: 'error' as const, error: 'the server stopped answering' };
    expect(keptSample(sample, 'failing')).toBe(sample);
    expect(keptSample(sample, 'none').summarised).toBe(true);
  });
});

function errorSampleFields() {
  return {
    index: 0,
    selection: 'none' as const,
    overActivated: false,
    forbidden: [],
    completion: { status: 'not_measured' as const },
    reasons: [],
    calls: [{ name: 'get_weather', arguments: {}, result: 'x', isError: false, serverMs: 1 }],
    finalText: 'answer',
    ended: 'error' as const,
    modelMs: 0,
    serverMs: 1,
    stepMs: [],
    modelCalls: 0,
    cacheHits: 0,
  };
}
