/**
 * `mcpgate run --shard i/n` from one mcpgate.yaml with layers 0, 1 and 2, `mcpgate merge` of the
 * shards, and `mcpgate gate --baseline auto --record` of the merged report: it gates and records as
 * the unsharded `mcpgate run` of the same config. The offline baseline model against the reference server.
 */

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { readHistory } from '../../../src/gate/history.js';
import type { GateResult } from '../../../src/gate/types.js';
import { ROBUSTNESS_AREA } from '../../../src/report/constants.js';
import { renderJson } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { readJson, REFERENCE_SERVER, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const dir = tempDir();
const GOLDEN = join(dir, 'tasks.yaml');
/** Hard cases the baseline passes and a soft one it fails, so the unsharded run is green with something not passing. */
const CASES = `cases:
  - {id: weather-paris-now, prompt: "What's the weather like in Paris right now?", expect_tool: get_weather, kind: hard}
  - {id: weather-london-now, prompt: "What's the weather in London right now?", expect_tool: get_weather, kind: hard}
  - {id: weather-berlin-now, prompt: "What's the weather in Berlin right now?", expect_tool: get_weather}
  - id: weather-tokyo-fahrenheit
    prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American
    expect_tool: get_weather
    expect_args: {city: {match: normalized, value: Tokyo}, units: fahrenheit}
  - {id: customer-plan-by-id, prompt: "Which plan is customer CUS-003 on?", expect_tool: lookup_customer}
  - {id: customer-plan-cus-001, prompt: "Which plan is customer CUS-001 on?", expect_tool: lookup_customer}
  - {id: none-general-knowledge, prompt: "What's the capital of Australia?", expect_tool: null}
  - {id: none-poem, prompt: "Write me a short poem about the sea.", expect_tool: null}
`;
const at = (...parts: string[]): string => join(dir, ...parts);
let server: LaunchedServer;
const runs: Record<string, CliRun> = {};

/** One folder per run, the same mcpgate.yaml in each, so every run has a report and a history of its own. */
function configIn(name: string): string {
  mkdirSync(at(name), { recursive: true });
  const file = at(name, 'mcpgate.yaml');
  writeFileSync(
    file,
    [
      'server:',
      `  url: ${server.url}`,
      'eval:',
      `  golden: ${GOLDEN}`,
      '  models: [baseline]',
      '  cache: off',
      'chaos:',
      '  enabled: true',
      'gate:',
      '  baseline: auto',
      '',
    ].join('\n'),
  );
  return file;
}

const reportOf = (name: string): Report => readPossibleReport(at(name, '.mcpgate/reports/report.json'));

beforeAll(async () => {
  writeFileSync(GOLDEN, CASES);
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER]);
  runs.full = await runCli(['run', '--config', configIn('full'), '--quiet']);
  runs.shard1 = await runCli(['run', '--config', configIn('shard-1'), '--shard', '1/2']);
  runs.shard2 = await runCli(['run', '--config', configIn('shard-2'), '--shard', '2/2']);
  runs.merge = await runCli([
    'merge',
    at('shard-2/.mcpgate/reports/report.json'),
    at('shard-1/.mcpgate/reports/report.json'),
    '--out',
    at('merged.json'),
  ]);
  runs.gate = await runCli([
    'gate',
    '--report',
    at('merged.json'),
    '--baseline',
    'auto',
    '--record',
    '--history-dir',
    at('merged-history'),
    '--json',
    at('merged-gate.json'),
  ]);
}, 120_000);
afterAll(async () => {
  await server.stop();
});

/** What a gate decided, without where the baseline came from (the run ids differ). */
function decision(result: GateResult): unknown {
  return { verdict: result.verdict, exitCode: result.exitCode, findings: result.findings, drift: result.drift };
}

const notPassing = (r: Report): string[] =>
  [
    ...r.checks.filter((c) => c.status !== 'pass').map((c) => `check:${c.id} ${c.status}`),
    ...r.eval!.cases.filter((c) => c.status !== 'pass').map((c) => `case:${c.id}@${c.model} ${c.status}`),
  ].sort();

describe('mcpgate run --shard', () => {
  it('runs the cases of its shard, layer 0 in each and layer 2 in shard 1 alone, and neither gates nor records', () => {
    // Layer 2's note that it runs built-in scenarios, in the shard that runs layer 2 alone.
    expect(runs.shard1!.stderr).toBe(runs.full!.stderr);
    expect(runs.shard2!.stderr).toBe('');
    const full = reportOf('full');
    const shards = [reportOf('shard-1'), reportOf('shard-2')];
    expect(shards.map((s) => s.eval!.shard)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(shards.map((s) => s.eval!.cases.length).every((n) => n > 0)).toBe(true);
    expect(shards.flatMap((s) => s.eval!.cases.map((c) => c.id)).sort()).toEqual(full.eval!.cases.map((c) => c.id).sort());
    expect(shards[0]!.chaos).toBeDefined();
    expect(shards[1]!.chaos).toBeUndefined();
    expect(shards[0]!.checks.map((c) => c.id).sort()).toEqual(full.checks.map((c) => c.id).sort());
    expect(shards[1]!.checks.some((c) => c.id.startsWith('robust.'))).toBe(false);
    expect(shards[1]!.checks.length).toBeGreaterThan(0);
    for (const [i, shard] of shards.entries()) {
      expect(shard.gate, `shard ${i + 1}`).toBeUndefined();
      expect(existsSync(at(`shard-${i + 1}`, '.mcpgate/history')), `shard ${i + 1}`).toBe(false);
    }
    const stdout = runs.shard2!.stdout.trimEnd().split('\n');
    expect(stdout.at(-1)).toBe(`FAIL: ${shards[1]!.verdict.reason} (exit code 1)`);
    expect(stdout).toContain(
      'shard 2/2 of a run: not gated and not recorded; merge the shard reports (mcpgate merge shard-*.json --out run.json), then gate the merged report (mcpgate gate --report run.json --baseline auto --record)',
    );
    expect(runs.shard2!.code).toBe(shards[1]!.verdict.exitCode);
  });

  it('merged, gates and records exactly as the unsharded run: the same cases, passes, checks, not-passing set and exit code', () => {
    expect(runs.merge!.stderr).toBe('');
    expect(runs.merge!.code).toBe(0);
    expect(runs.full!.code).toBe(0);
    const full = reportOf('full');
    const merged = readPossibleReport(at('merged.json'));
    const figures = (r: Report) =>
      r
        .eval!.cases.map((c) => ({ id: c.id, model: c.model, runs: c.runs, passes: c.passes, status: c.status }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(figures(merged)).toEqual(figures(full));
    expect(merged.eval!.summary).toEqual(full.eval!.summary);
    const checks = (r: Report) => r.checks.map((c) => `${c.id} ${c.level} ${c.status}`).sort();
    expect(checks(merged)).toEqual(checks(full));
    expect(merged.summary).toEqual(full.summary);
    expect(merged.chaos?.scan).toEqual(full.chaos?.scan);
    expect(notPassing(merged)).toEqual(notPassing(full));

    expect(runs.gate!.stderr).toBe('');
    expect(runs.gate!.code).toBe(runs.full!.code);
    const gate = readJson<GateResult>(at('merged-gate.json'));
    expect(decision(gate)).toEqual(decision(full.gate!));
    expect(runs.gate!.stdout).toContain('recorded run');
    const history = readHistory(at('merged-history')).entries;
    expect(history).toHaveLength(1);
    expect(history[0]!.entry.green).toBe(runs.full!.code === 0);
  });

  it('the merged report is gated against the unsharded run of the history, and the other way round, as comparable runs', async () => {
    const againstFull = await runCli([
      'gate',
      '--report',
      at('merged.json'),
      '--baseline',
      'auto',
      '--history-dir',
      at('full/.mcpgate/history'),
    ]);
    const againstMerged = await runCli([
      'gate',
      '--report',
      at('full/.mcpgate/reports/report.json'),
      '--baseline',
      'auto',
      '--history-dir',
      at('merged-history'),
    ]);
    for (const run of [againstFull, againstMerged]) {
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('PASS: no regression against run');
    }
  });

  it('merge takes the extra checks of the layer 2 shard only, refusing a check it lacks or judges otherwise, and names a shard that tested nothing', async () => {
    const shard1 = reportOf('shard-1');
    const shard2 = at('shard-2/.mcpgate/reports/report.json');
    const refused = async (report: Report, message: string) => {
      writeFileSync(at('tampered.json'), renderJson(report));
      const run = await runCli(['merge', at('tampered.json'), shard2, '--out', at('never.json')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    };
    const [dropped, ...kept] = shard1.checks.filter((c) => c.area !== ROBUSTNESS_AREA);
    await refused(
      { ...shard1, checks: shard1.checks.filter((c) => c !== dropped) },
      `the shards disagree on check ${dropped!.id}: not run in ${at('tampered.json')}`,
    );
    await refused(
      { ...shard1, eval: undefined, verdict: { exitCode: 3, reason: 'the server did not answer' } },
      `${at('tampered.json')} is a shard that could not test the server (exit code 3: the server did not answer); run that shard again`,
    );
    // A layer 0 check missing from a shard without layer 2 is refused too: only the robustness probes are shard 1's alone.
    const shard2Report = reportOf('shard-2');
    const layer0 = shard2Report.checks.find((c) => c.id === kept[0]!.id)!;
    writeFileSync(at('tampered-2.json'), renderJson({ ...shard2Report, checks: shard2Report.checks.filter((c) => c !== layer0) }));
    const missing = await runCli(['merge', at('shard-1/.mcpgate/reports/report.json'), at('tampered-2.json'), '--out', at('never.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`the shards disagree on check ${layer0.id}: ${layer0.level} ${layer0.status} in `);
    expect(missing.stderr).toContain(`not run in ${at('tampered-2.json')}`);
    const changed = kept.find((c) => c.status === 'pass')!;
    await refused(
      { ...shard1, checks: shard1.checks.map((c) => (c === changed ? { ...c, status: 'fail' as const } : c)) },
      `the shards disagree on check ${changed.id}: ${changed.level} fail in ${at('tampered.json')}`,
    );
  });

  it('refuses --shard without an eval to split, and with --check-only (exit 2, one line)', async () => {
    const layer0 = at('layer0.yaml');
    writeFileSync(layer0, `server:\n  url: ${server.url}\n`);
    const noEval = await runCli(['run', '--config', layer0, '--shard', '1/2']);
    expect(noEval.code).toBe(2);
    expect(noEval.stderr).toBe(
      'mcpgate: --shard 1/2 splits the golden set, and this config runs no eval (eval.golden and eval.models); run without --shard\n',
    );
    const checkOnly = await runCli(['run', '--config', at('full/mcpgate.yaml'), '--check-only', '--shard', '1/2']);
    expect(checkOnly.code).toBe(2);
    expect(checkOnly.stderr).toBe('mcpgate: --shard splits the golden set, and --check-only runs no eval; give one of them, not both\n');
    const malformed = await runCli(['run', '--config', at('full/mcpgate.yaml'), '--shard', '0/2']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toBe('mcpgate: --shard needs i/n with 1 <= i <= n, e.g. 1/4, got "0/2"\n');
    const listed = await runCli(['run', '--config', at('full/mcpgate.yaml'), '--list-models', '--shard', '1/2']);
    expect(listed.stdout).toBe('["baseline"]\n');
  });
});
