/**
 * `mcpgate baseline accept` end to end: a recorded run becomes the baseline on purpose, with its reason
 * and date in the history; `history` says which run is the baseline and why; `gate --baseline auto`
 * compares with the accepted run until a green run that started after the acceptance.
 */

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordRun } from '../../../src/gate/history.js';
import { renderJson } from '../../../src/report/json.js';
import type { BaselineAcceptance, Report } from '../../../src/report/model.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';

const STEADY: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
  { id: 'forecast-oslo', passes: 20, runs: 20 },
];
/** The forecast case no longer passes: a regression, or an intended change once someone accepts it. */
const DROPPED: CaseSpec[] = [STEADY[0]!, { id: 'forecast-oslo', passes: 12, runs: 20 }];

function write(dir: string, name: string, report: Report): string {
  const file = join(dir, name);
  writeFileSync(file, renderJson(report));
  return file;
}

function acceptances(history: string): BaselineAcceptance[] {
  const dir = join(history, 'accepted');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as BaselineAcceptance);
}

describe('mcpgate baseline accept', () => {
  it('refuses an unknown or ambiguous run id, or an empty history, in one line (exit 2) naming how to list runs', async () => {
    const dir = tempDir();
    const history = join(dir, 'history');
    const empty = await runCli(['baseline', 'accept', '--history-dir', history]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(
      `mcpgate: no runs recorded in ${history}, so none can be accepted: record one with mcpgate run (history.record) or mcpgate gate --record\n`,
    );

    const first = recordRun(history, evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }));
    recordRun(history, evalRun(DROPPED, { startedAt: '2026-08-02T00:00:00.000Z' }));
    const unknown = await runCli(['baseline', 'accept', '0123456789abcdef', '--history-dir', history]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `mcpgate: no recorded run "0123456789abcdef" in ${history}; list the runs with: mcpgate history --history-dir ${history}\n`,
    );
    // A unique start of a run id names it; the --history spelling is the same flag.
    const byPrefix = await runCli(['baseline', 'accept', first.entry.runId.slice(0, 6), '--history', history]);
    expect(byPrefix.code).toBe(0);
    expect(byPrefix.stdout).toBe(
      `accepted run ${first.entry.runId} of 2026-08-01T00:00:00.000Z (exit code 0) as the baseline: "accepted by hand"; gate --baseline auto compares with it until a later green run or another accept\n`,
    );
    expect(acceptances(history)).toEqual([
      { schemaVersion: '1', runId: first.entry.runId, acceptedAt: expect.stringMatching(/^20\d\d-/), reason: 'accepted by hand' },
    ]);

    // Two runs whose ids start alike (planted copies of an entry): the start names neither.
    for (const runId of ['abcd000000000001', 'abcd000000000002'])
      writeFileSync(join(history, `2026-08-0${runId.at(-1)}T12-00-00.000Z_${runId}.json`), JSON.stringify({ ...first.entry, runId }));
    const ambiguous = await runCli(['baseline', 'accept', 'abcd', '--history-dir', history]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe('mcpgate: run id "abcd" matches 2 recorded runs (abcd000000000001, abcd000000000002): give more of it\n');
    expect(acceptances(history)).toHaveLength(1);
  });

  it('refuses a run whose stored report is gone: the next gate would have nothing to compare with', async () => {
    const history = join(tempDir(), 'history');
    recordRun(history, evalRun(STEADY));
    rmSync(join(history, 'reports'), { recursive: true });
    const run = await runCli(['baseline', 'accept', 'latest', '--history-dir', history]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^mcpgate: run [0-9a-f]{16} cannot be the baseline: its stored report cannot be used \(reports\/[0-9a-f]{64}\.json cannot be read: ENOENT\)\n$/,
    );
    expect(acceptances(history)).toEqual([]);
  });

  it('makes the accepted run the baseline of gate --baseline auto until a green run after the acceptance', async () => {
    const dir = tempDir();
    const history = join(dir, 'history');
    const gate = (report: string, ...extra: string[]) =>
      runCli(['gate', '--report', report, '--baseline', 'auto', '--history-dir', history, ...extra]);
    const green = recordRun(history, evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }));

    // The forecast case dropped: against the last green run the gate fails, and the run is recorded red.
    const red = write(dir, 'red.json', evalRun(DROPPED, { startedAt: '2026-08-02T00:00:00.000Z' }));
    const failed = await gate(red, '--record');
    expect(failed.code).toBe(1);
    const redId = /^recorded run ([0-9a-f]{16}) in /m.exec(failed.stdout)![1]!;
    const next = write(dir, 'next.json', evalRun(DROPPED, { startedAt: '2026-08-03T00:00:00.000Z' }));
    expect((await gate(next)).code).toBe(1);

    // The drop was intended: accept the red run, with the reason.
    const accepted = await runCli([
      'baseline',
      'accept',
      'latest',
      '--reason',
      'forecast  tool\nretired on purpose',
      '--history-dir',
      history,
    ]);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain(
      `accepted run ${redId} of 2026-08-02T00:00:00.000Z (exit code 1) as the baseline: "forecast tool retired on purpose"`,
    );
    const [{ acceptedAt }] = acceptances(history) as [BaselineAcceptance];

    const listed = await runCli(['history', '--history-dir', history]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').find((l) => l.includes(redId))).toMatch(/ no +1 .* accepted$/);
    expect(listed.stdout.split('\n').find((l) => l.includes(green.entry.runId))).toMatch(/ yes +0 .*case runs$/);
    expect(listed.stdout).toContain(
      `baseline of reference-server over http (modern era) with models baseline: run ${redId}, accepted by hand on ${acceptedAt}: "forecast tool retired on purpose"\n`,
    );

    // The same report now gates against the accepted run: no regression.
    const against = await gate(next, '--record', '--json', join(dir, 'gate.json'));
    expect(against.code).toBe(0);
    expect(against.stdout).toContain(
      `against the baseline run ${redId} of 2026-08-02T00:00:00.000Z (accepted as the baseline on ${acceptedAt}: "forecast tool retired on purpose"; exit code 1, `,
    );
    expect(against.stdout).toContain(
      `PASS: no regression against run ${redId} (2026-08-02T00:00:00.000Z, accepted as the baseline on ${acceptedAt}: "forecast tool retired on purpose"): `,
    );
    expect(JSON.parse(readFileSync(join(dir, 'gate.json'), 'utf8')).baseline).toMatchObject({
      runId: redId,
      accepted: { acceptedAt, reason: 'forecast tool retired on purpose' },
    });

    // A green run recorded now that started before the acceptance leaves the accepted run the baseline ...
    const early = await gate(write(dir, 'early.json', evalRun(STEADY, { startedAt: '2026-08-04T00:00:00.000Z' })), '--record');
    expect(early.code).toBe(0);
    expect((await gate(next)).stdout).toContain(`against the baseline run ${redId} `);
    // ... until a green run started after the acceptance, which takes over.
    const after = new Date(Date.parse(acceptedAt) + 1).toISOString();
    const newer = await gate(write(dir, 'newer.json', evalRun(DROPPED, { startedAt: after })), '--record');
    expect(newer.code).toBe(0);
    const newerId = /^recorded run ([0-9a-f]{16}) in /m.exec(newer.stdout)![1]!;
    const afterAll = write(dir, 'after-all.json', evalRun(DROPPED, { startedAt: new Date(Date.parse(after) + 1).toISOString() }));
    expect((await gate(afterAll)).stdout).toContain(`against the baseline run ${newerId} of ${after} (exit code 0, `);
    const relisted = await runCli(['history', '--history-dir', history]);
    expect(relisted.stdout).toContain(`with models baseline: run ${newerId}, the last green run\n`);
    expect(relisted.stdout.split('\n').find((l) => l.includes(newerId))).toMatch(/ last green$/);
  });

  it('skips an unreadable acceptance with a warning, and pruning removes the acceptances of pruned runs', async () => {
    const history = join(tempDir(), 'history');
    recordRun(history, evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }));
    recordRun(history, evalRun(STEADY, { startedAt: '2026-08-02T00:00:00.000Z' }));
    expect((await runCli(['baseline', 'accept', 'latest', '--history-dir', history])).code).toBe(0);
    writeFileSync(join(history, 'accepted', 'planted.json'), '{"schemaVersion": "1", "runId": 7}');
    const listed = await runCli(['history', '--history-dir', history]);
    expect(listed.stderr).toContain(
      `mcpgate: warning: skipped baseline acceptance ${join(history, 'accepted', 'planted.json')}: not an mcpgate baseline acceptance: runId must be a string`,
    );
    expect(listed.stdout).toMatch(/, accepted by hand on 20\d\d-[^:]+:\d\d:\d\d\.\d{3}Z\n$/);
    rmSync(join(history, 'accepted', 'planted.json'));

    const pruned = await runCli(['history', '--history-dir', history, '--prune-keep', '1']);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).not.toContain(`${join(history, 'accepted')}`);
    const all = await runCli(['history', '--history-dir', history, '--prune-keep', '0']);
    expect(all.stdout).toMatch(new RegExp(`^removed ${join(history, 'accepted')}/\\S+\\.json$`, 'm'));
    expect(acceptances(history)).toEqual([]);
  });
});
