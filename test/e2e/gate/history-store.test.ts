/**
 * History entries are data, not paths to trust: reports stored inside the history by hash, hostile
 * entries skipped with a warning and never read, and `mcpgate history` listing and pruning.
 */

import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHistory, recordRun } from '../../../src/gate/history.js';
import { GZIP_ABOVE_BYTES, loadEntryReport } from '../../../src/gate/report-store.js';
import { renderJson } from '../../../src/report/json.js';
import type { HistoryEntry } from '../../../src/report/model.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';

const STEADY: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
  { id: 'forecast-oslo', passes: 20, runs: 20 },
];

/** A green entry newer than every real one, pointing wherever the attacker likes. */
function plant(dir: string, like: HistoryEntry, day: number, pointer: Pick<HistoryEntry, 'report' | 'reportFile'>): string {
  const runId = `${day}`.padStart(16, 'e');
  const startedAt = `2026-08-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  const { report: _report, reportFile: _file, ...rest } = like;
  const file = join(dir, `${startedAt.replace(/:/g, '-')}_${runId}.json`);
  writeFileSync(file, JSON.stringify({ ...rest, runId, startedAt, ...pointer }));
  return runId;
}

describe('the report store', () => {
  it('keeps each report once under its sha256, gzipped when large, and reads it back verified', () => {
    const dir = tempDir();
    const small = recordRun(dir, evalRun(STEADY));
    expect(small.entry.report!.file).toBe(`reports/${small.entry.report!.sha256}.json`);
    const many = Array.from({ length: 1500 }, (_, i) => ({ id: `case-${i}`, passes: 5, runs: 5 }));
    const large = recordRun(dir, evalRun(many, { startedAt: '2026-08-02T00:00:00.000Z' }));
    expect(large.entry.report!.file).toBe(`reports/${large.entry.report!.sha256}.json.gz`);
    expect(readFileSync(join(dir, large.entry.report!.file)).length).toBeLessThan(GZIP_ABOVE_BYTES);
    const loaded = loadEntryReport(dir, large.entry);
    expect(typeof loaded === 'string' ? loaded : renderJson(loaded)).toBe(
      renderJson(evalRun(many, { startedAt: '2026-08-02T00:00:00.000Z' })),
    );
    expect(readdirSync(join(dir, 'reports'))).toHaveLength(2);
  });
});

describe('gate --baseline auto over a hostile history', () => {
  it('skips every entry whose report is outside, not a regular file, or changed, and never reads it', async () => {
    const dir = tempDir();
    const history = join(dir, 'history');
    const good = recordRun(history, evalRun(STEADY, { startedAt: '2026-08-01T00:00:00.000Z' }));
    const tampered = recordRun(history, evalRun(STEADY, { startedAt: '2026-08-02T00:00:00.000Z' }));
    appendFileSync(join(history, tampered.entry.report!.file), ' ');
    symlinkSync('/etc/passwd', join(history, 'reports', 'link.json'));
    execFileSync('mkfifo', [join(history, 'reports', 'fifo.json')]);
    const sha256 = 'f'.repeat(64);
    const planted = [
      plant(history, good.entry, 10, { reportFile: '/dev/zero' }),
      plant(history, good.entry, 11, { reportFile: '/etc/passwd' }),
      plant(history, good.entry, 12, { reportFile: '../reports/report.json' }),
      plant(history, good.entry, 13, { report: { sha256, file: '../../x' } }),
      plant(history, good.entry, 14, { report: { sha256, file: 'reports/link.json' } }),
      plant(history, good.entry, 15, { report: { sha256, file: 'reports/fifo.json' } }),
      plant(history, good.entry, 16, { report: { sha256, file: '/etc/passwd' } }),
    ];
    const current = join(dir, 'current.json');
    writeFileSync(current, renderJson(evalRun(STEADY, { startedAt: '2026-08-20T00:00:00.000Z' })));

    const gated = await runCli(['gate', '--report', current, '--baseline', 'auto', '--history-dir', history]);
    expect(gated.code).toBe(0);
    expect(gated.stdout).toContain(`against the baseline run ${good.entry.runId} of 2026-08-01T00:00:00.000Z`);
    const warnings = gated.stderr.split('\n').filter((l) => l.startsWith('mcpgate: warning: skipped history entry'));
    for (const runId of [...planted, tampered.entry.runId]) expect(warnings.filter((w) => w.includes(`(run ${runId})`))).toHaveLength(1);
    expect(warnings).toHaveLength(planted.length + 1);
    expect(gated.stderr).toContain(`${tampered.entry.report!.file} does not match its sha256`);
    expect(gated.stderr).toContain('"/dev/zero" is outside the history directory (not followed)');
    expect(gated.stderr).toContain('reports/link.json leads outside the history directory');
    expect(gated.stderr).toContain('reports/fifo.json: it is a FIFO (named pipe), not a regular file');
    expect(`${gated.stdout}${gated.stderr}`).not.toMatch(/root:/);
  });
});

describe('mcpgate history', () => {
  it('lists the runs, and prunes entries and the reports no entry needs only when asked', async () => {
    const dir = tempDir();
    const runs = [1, 2, 3].map((day) => recordRun(dir, evalRun(STEADY, { startedAt: `2026-08-0${day}T00:00:00.000Z` })));
    const red = recordRun(
      dir,
      evalRun([{ id: 'weather-paris', kind: 'hard', passes: 19, runs: 20 }], { startedAt: '2026-08-04T00:00:00.000Z' }),
    );

    const listed = await runCli(['history', '--history-dir', dir]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^started\s+run id\s+green\s+exit\s+tools sha\s+models\s+pass rate\s+baseline$/);
    expect(lines[1]).toMatch(
      new RegExp(`^2026-08-01T00:00:00\\.000Z\\s+${runs[0]!.entry.runId}\\s+yes\\s+0\\s+[0-9a-f]{12}\\s+baseline\\s+100% of 40 case runs$`),
    );
    // The newest green run is the baseline of the next run, and says so; the red one after it is not.
    expect(lines[3]).toMatch(
      new RegExp(`^2026-08-03T00:00:00\\.000Z\\s+${runs[2]!.entry.runId}\\s+yes\\s.*100% of 40 case runs\\s+last green$`),
    );
    expect(lines[4]).toMatch(new RegExp(`^2026-08-04T00:00:00\\.000Z\\s+${red.entry.runId}\\s+no\\s+1\\s.*95% of 20 case runs$`));
    expect(lines[5]).toBe(`4 run(s) in ${dir}`);
    expect(lines[6]).toBe(
      `baseline of reference-server over http (modern era) with models baseline: run ${runs[2]!.entry.runId}, the last green run`,
    );
    expect(readdirSync(join(dir, 'reports'))).toHaveLength(4);

    const kept = await runCli(['history', '--history-dir', dir, '--prune-keep', '2']);
    expect(kept.code).toBe(0);
    expect(kept.stdout).toContain(`pruned 2 entries and 2 report(s) from ${dir}`);
    expect(readHistory(dir).entries.map((e) => e.entry.runId)).toEqual([runs[2]!.entry.runId, red.entry.runId]);
    for (const run of runs.slice(0, 2)) expect(existsSync(join(dir, run.entry.report!.file))).toBe(false);
    expect(existsSync(join(dir, red.entry.report!.file))).toBe(true);

    // Every run here started in 2026-08, long before the test runs: 30 days removes them all.
    const old = await runCli(['history', '--history-dir', dir, '--prune-older-than', '30d']);
    expect(old.stdout).toContain('pruned 2 entries and 2 report(s)');
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toEqual([]);

    const bad = await runCli(['history', '--history-dir', dir, '--prune-older-than', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--prune-older-than needs a span like 30d, 12h or 2w, got "soon"');
  });
});
