/** `mcpgate gate` end to end: exit codes, the table, bad baselines, `--baseline auto` and `--record`. */

import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GateResult } from '../../../src/gate/types.js';
import { renderJson } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { readJson, runCli, tempDir } from '../../helpers/cli.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';

const STEADY: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
  { id: 'forecast-oslo', passes: 20, runs: 20 },
];
const DROPPED: CaseSpec[] = [STEADY[0]!, { id: 'forecast-oslo', passes: 12, runs: 20 }];

function write(dir: string, name: string, report: Report): string {
  const file = join(dir, name);
  writeFileSync(file, renderJson(report));
  return file;
}

describe('mcpgate gate', () => {
  it('passes equal reports (exit 0) and fails a significant drop (exit 1) with a table', async () => {
    const dir = tempDir();
    const baseline = write(dir, 'baseline.json', evalRun(STEADY));
    const same = await runCli(['gate', '--report', write(dir, 'same.json', evalRun(STEADY)), '--baseline', baseline]);
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^PASS: no regression against the baseline of .* \(exit code 0\)$/m);

    const json = join(dir, 'gate.json');
    const drop = await runCli(['gate', '--report', write(dir, 'drop.json', evalRun(DROPPED)), '--baseline', baseline, '--json', json]);
    expect(drop.code).toBe(1);
    const row = drop.stdout.split('\n').find((l) => l.includes('case:forecast-oslo@baseline'));
    expect(row).toMatch(
      /^ {2}FAIL +case:forecast-oslo@baseline +20\/20 100% \[83\.9%, 100%\] +12\/20 60% \[38\.7%, 78\.1%\] +model-drift$/,
    );
    // Pooled over both cases' samples, selection dropped significantly too (a wrong first call scores no arguments).
    expect(drop.stdout).toMatch(
      /^FAIL: gate failed: 2 item\(s\) failed: case:forecast-oslo@baseline, metric:selectionAccuracy@baseline \(exit code 1\)$/m,
    );
    const result = readJson<GateResult>(json);
    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, options: { maxDrop: 0.02, minSamples: 5, confidence: 0.95 } });

    const lenient = await runCli(['gate', '--report', join(dir, 'drop.json'), '--baseline', baseline, '--max-drop', '0.2']);
    expect(lenient.code).toBe(0);
  });

  it('is inconclusive (exit 5) on a missing, corrupt or foreign baseline, never a pass', async () => {
    const dir = tempDir();
    const report = write(dir, 'r.json', evalRun(STEADY));
    const missing = await runCli(['gate', '--report', report, '--baseline', join(dir, 'nope.json')]);
    expect(missing.code).toBe(5);
    expect(missing.stdout).toContain(`the baseline ${join(dir, 'nope.json')} does not exist`);

    writeFileSync(join(dir, 'corrupt.json'), '{"schemaVersion": "1.0", ');
    const corrupt = await runCli(['gate', '--report', report, '--baseline', join(dir, 'corrupt.json')]);
    expect(corrupt.code).toBe(5);
    expect(corrupt.stdout).toContain('cannot be used: not an mcpgate report: not valid JSON');

    writeFileSync(join(dir, 'v2.json'), renderJson({ ...evalRun(STEADY), schemaVersion: '2.0' as never }));
    const foreign = await runCli(['gate', '--report', report, '--baseline', join(dir, 'v2.json')]);
    expect(foreign.code).toBe(5);
    expect(foreign.stdout).toContain('report schema version 2.0 is not supported (this mcpgate reads 1.x)');

    // The hard rules still hold without a baseline: a failing hard case fails.
    const hardFail = await runCli([
      'gate',
      '--report',
      write(dir, 'hard.json', evalRun([{ ...STEADY[0]!, passes: 19 }])),
      '--baseline',
      join(dir, 'nope.json'),
    ]);
    expect(hardFail.code).toBe(1);
  });

  it('rejects a bad current report or flag as a usage error (exit 2) in one line', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), 'not json');
    const bad = await runCli(['gate', '--report', join(dir, 'bad.json'), '--baseline', 'auto']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^mcpgate: .*bad\.json: not an mcpgate report: not valid JSON.*\n$/);
    const flag = await runCli(['gate', '--report', join(dir, 'bad.json'), '--baseline', 'auto', '--max-drop', '2']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--max-drop needs a number from 0 and below 1, got "2"');
  });

  it('--baseline auto uses the last green run in the history; --record appends this run', async () => {
    const dir = tempDir();
    const history = join(dir, 'history');
    const first = write(dir, 'first.json', evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }));
    // The first run of a recorded history: the hard rules decide, and the run becomes the baseline.
    const empty = await runCli(['gate', '--report', first, '--baseline', 'auto', '--history-dir', history, '--record']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(
      `no usable baseline (no usable green run of reference-server over http (modern era) with models baseline in ${history})`,
    );
    const firstId = /^recorded run ([0-9a-f]{16}) in /m.exec(empty.stdout)?.[1];
    expect(empty.stdout).toContain(
      `PASS: no baseline yet: recorded run ${firstId} as the baseline; soft scores not compared (exit code 0)`,
    );
    // Without --record nothing starts a history: still inconclusive, and it says why, in one line.
    const json = join(dir, 'unrecorded.json');
    const unrecorded = await runCli(['gate', '--report', first, '--baseline', 'auto', '--history-dir', tempDir(), '--json', json]);
    expect(unrecorded.code).toBe(5);
    expect(unrecorded.stderr).toBe('mcpgate: warning: this run is not recorded (pass --record), so it can never become the baseline\n');
    expect(readJson<GateResult>(json).notRecorded).toBe('this run is not recorded (pass --record), so it can never become the baseline');
    // A run already in the history (recorded by `mcpgate run`, say) needs no --record to be a baseline one day.
    expect((await runCli(['gate', '--report', first, '--baseline', 'auto', '--history-dir', history])).stderr).toBe('');

    const second = write(dir, 'second.json', evalRun(DROPPED, { startedAt: '2026-08-02T00:00:00.000Z' }));
    const gated = await runCli(['gate', '--report', second, '--baseline', 'auto', '--history-dir', history, '--record']);
    expect(gated.code).toBe(1);
    expect(gated.stdout).toMatch(
      new RegExp(
        `against the baseline run ${firstId} of 2026-08-01T00:00:00\\.000Z \\(exit code 0, ${history}/reports/[0-9a-f]{64}\\.json\\)`,
      ),
    );
    expect(readdirSync(history).filter((n) => n.endsWith('.json'))).toHaveLength(2);

    // The second run was red, so the third is compared with the first again, from the copy in the history.
    const third = write(dir, 'third.json', evalRun(STEADY, { startedAt: '2026-08-03T00:00:00.000Z' }));
    rmSync(first);
    const again = await runCli(['gate', '--report', third, '--baseline', 'auto', '--history-dir', history]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`the baseline run ${firstId} of 2026-08-01`);
    rmSync(join(history, 'reports'), { recursive: true });
    const gone = await runCli(['gate', '--report', third, '--baseline', 'auto', '--history-dir', history]);
    expect(gone.code).toBe(5);
    expect(gone.stderr).toMatch(
      new RegExp(
        `warning: skipped history entry \\S+_${firstId}\\.json \\(run ${firstId}\\) as a baseline: reports/[0-9a-f]{64}\\.json cannot be read: ENOENT`,
      ),
    );
  });

  it('--baseline auto across a model added and a model removed: the shared model is compared, the others listed', async () => {
    const dir = tempDir();
    const history = join(dir, 'history');
    const gate = (name: string, report: Report, ...extra: string[]) =>
      runCli(['gate', '--report', write(dir, name, report), '--baseline', 'auto', '--history-dir', history, ...extra]);
    const mini = (specs: CaseSpec[]): CaseSpec[] => specs.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }));
    expect((await gate('one.json', evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }), '--record')).code).toBe(0);

    // A model added: the run of the model it kept is its baseline, the new model's pairs have none yet.
    const added = await gate('added.json', evalRun([...STEADY, ...mini(STEADY)], { startedAt: '2026-08-02T00:00:00.000Z' }), '--record');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('  new: no baseline yet (2): weather-paris@openai:gpt-4.1-mini, forecast-oslo@openai:gpt-4.1-mini\n');
    expect(added.stdout).toMatch(
      /^PASS: no regression against run [0-9a-f]{16} \(2026-08-01T00:00:00\.000Z\): .*, not compared: 2 new \(exit code 0\)$/m,
    );

    // A model removed, and the one kept regressed: compared with the two-model run, it fails on that model alone.
    const removed = await gate(
      'removed.json',
      evalRun(mini(DROPPED), { startedAt: '2026-08-03T00:00:00.000Z' }),
      '--json',
      join(dir, 'removed-gate.json'),
    );
    expect(removed.code).toBe(1);
    expect(removed.stdout).toContain('  removed (2): weather-paris@baseline, forecast-oslo@baseline\n');
    expect(removed.stdout).toMatch(/^FAIL: gate failed: \d+ item\(s\) failed: case:forecast-oslo@openai:gpt-4\.1-mini/m);
    const result = readJson<GateResult>(join(dir, 'removed-gate.json'));
    expect(result.findings.filter((f) => f.verdict === 'inconclusive')).toEqual([]);
    expect(result.caseChanges!.map((c) => c.reason)).toEqual(Array(2).fill('removed (the model is not in this run)'));
  });
});
