/**
 * `mcpgate eval --shard i/n` and `mcpgate merge`: shards of one run, merged, gate exactly as the
 * unsharded run. The deterministic lexical baseline against the real reference server over HTTP.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { shardOfCase } from '../../../src/behavior/runner.js';
import type { EvalReport } from '../../../src/report/model.js';
import { gateReports } from '../../../src/gate/gate.js';
import type { GateResult } from '../../../src/gate/types.js';
import { renderJson } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { REFERENCE_SERVER, ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const GOLDEN = join(ROOT, 'examples/golden/tasks.yaml');
let server: LaunchedServer;
const dir = tempDir();
const file = (name: string): string => join(dir, name);

async function evaluate(report: string, ...extra: string[]): Promise<Report> {
  const run = await runCli([
    'eval',
    '--url',
    server.url,
    '--golden',
    GOLDEN,
    '--model',
    'baseline',
    '--cache',
    'off',
    '--quiet',
    '--report',
    file(report),
    ...extra,
  ]);
  expect(run.stderr).toBe('');
  return readPossibleReport(file(report));
}

beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER]);
  await evaluate('full.json');
  await evaluate('shard-1.json', '--shard', '1/2');
  await evaluate('shard-2.json', '--shard', '2/2');
}, 60_000);
afterAll(async () => {
  await server.stop();
});

/** What a gate decided, without where the baseline came from. */
function decision(result: GateResult): unknown {
  return { verdict: result.verdict, exitCode: result.exitCode, findings: result.findings, drift: result.drift };
}

describe('eval --shard', () => {
  it('runs each case in exactly one shard, by the hash of its id, and records the shard', () => {
    const full = readPossibleReport(file('full.json')).eval!;
    const shards = [1, 2].map((i) => readPossibleReport(file(`shard-${i}.json`)).eval as EvalReport);
    expect(shards.map((s) => s.shard)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    for (const [i, s] of shards.entries()) {
      expect(s.cases.length).toBeGreaterThan(0);
      expect(s.cases.every((c) => shardOfCase(c.id, 2) === i + 1)).toBe(true);
      expect(s.golden).toEqual(full.golden);
    }
    expect(shards.flatMap((s) => s.cases.map((c) => c.id)).sort()).toEqual(full.cases.map((c) => c.id).sort());
  });

  it('refuses a malformed shard', async () => {
    const run = await runCli(['eval', '--url', server.url, '--golden', GOLDEN, '--shard', '3/2']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mcpgate: --shard needs i/n with 1 <= i <= n, e.g. 1/4, got "3/2"\n');
  });
});

describe('mcpgate merge', () => {
  it('merges shards into a report that gates exactly as the unsharded run', async () => {
    const run = await runCli(['merge', file('shard-2.json'), file('shard-1.json'), '--out', file('merged.json')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const merged = readPossibleReport(file('merged.json'));
    const full = readPossibleReport(file('full.json'));
    expect((merged.eval as EvalReport).shard).toBeUndefined();
    const figures = (r: Report) =>
      r
        .eval!.cases.map((c) => ({
          id: c.id,
          model: c.model,
          kind: c.kind,
          runs: c.runs,
          passes: c.passes,
          errors: c.errors,
          status: c.status,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(figures(merged)).toEqual(figures(full));
    expect(merged.eval!.summary).toEqual(full.eval!.summary);
    expect(merged.eval!.perModel).toEqual(full.eval!.perModel);
    expect(merged.eval!.confusions).toEqual(full.eval!.confusions);
    expect(merged.verdict.exitCode).toBe(full.verdict.exitCode);

    expect(decision(gateReports(merged, full))).toEqual(decision(gateReports(full, full)));
    expect(decision(gateReports(full, merged))).toEqual(decision(gateReports(full, full)));
    const gated = await runCli(['gate', '--report', file('merged.json'), '--baseline', file('full.json')]);
    const unsharded = await runCli(['gate', '--report', file('full.json'), '--baseline', file('full.json')]);
    expect(gated.code).toBe(unsharded.code);
    expect(gated.stdout.split('\n').slice(1)).toEqual(unsharded.stdout.split('\n').slice(1));
  });

  it('names the problem (exit 2): a missing or repeated shard, another run, another version, a non-shard report', async () => {
    const fails = async (files: string[], message: string) => {
      const run = await runCli(['merge', ...files, '--out', file('never.json')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    };
    await fails([file('shard-1.json')], 'cannot merge: shard 2/2 is missing');
    await fails([file('shard-1.json'), file('shard-1.json'), file('shard-2.json')], 'shard 1/2 is given twice');
    await fails([file('full.json'), file('shard-2.json')], `${file('full.json')} is not a shard report`);

    await evaluate('shard-2-runs3.json', '--shard', '2/2', '--runs', '3');
    await fails(
      [file('shard-1.json'), file('shard-2-runs3.json')],
      `${file('shard-2-runs3.json')} is not of the same run as ${file('shard-1.json')} (different settings`,
    );

    const newer = readPossibleReport(file('shard-2.json'));
    writeFileSync(file('shard-2-newer.json'), renderJson({ ...newer, tool: { name: 'mcpgate', version: '0.2.0' } }));
    await fails([file('shard-1.json'), file('shard-2-newer.json')], '(different mcpgate version: "0.1.0" vs "0.2.0")');

    const foreign = readPossibleReport(file('shard-2.json'));
    writeFileSync(file('shard-2-v2.json'), renderJson({ ...foreign, schemaVersion: '2.0' as never }));
    await fails([file('shard-1.json'), file('shard-2-v2.json')], 'report schema version 2.0 is not supported');

    const moved = readPossibleReport(file('shard-2.json'));
    const stolen = readPossibleReport(file('shard-1.json')).eval!.cases[0]!;
    writeFileSync(file('shard-2-overlap.json'), renderJson({ ...moved, eval: { ...moved.eval!, cases: [...moved.eval!.cases, stolen] } }));
    await fails([file('shard-1.json'), file('shard-2-overlap.json')], `case ${stolen.id}@baseline is in both`);
  });
});
