/**
 * The viewer's index: one summary per history entry, made once from the entry and its stored report
 * and kept in `.view-cache/`; read back on the next start only when it still fits its entry, never
 * trusted when it does not, never written through a link; and a history that changes while the
 * viewer is open.
 */

import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordRun } from '../../../src/gate/history.js';
import { HistoryIndex } from '../../../src/view/history-index.js';
import { CACHE_DIR } from '../../../src/view/summary-cache.js';
import { evalRun } from '../../helpers/gate-factory.js';

const day = (n: number): string => `2026-08-0${n}T10:00:00.000Z`;

function history(runs = 3): { dir: string; runIds: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-view-index-'));
  const runIds: string[] = [];
  for (let i = 1; i <= runs; i++) {
    const report = evalRun([{ id: 'weather', passes: 20 - i, runs: 20 }], { startedAt: day(i) });
    report.commit = `c0ffee${i}`;
    runIds.push(recordRun(dir, report).entry.runId);
  }
  return { dir, runIds };
}

const cacheFiles = (dir: string): string[] => readdirSync(join(dir, CACHE_DIR)).sort();

describe('the summary index', () => {
  it('summarises each entry from its stored report once, oldest first, and keeps the summaries in .view-cache', () => {
    const { dir, runIds } = history();
    const made: number[] = [];
    const snapshot = new HistoryIndex(dir).snapshot((n) => made.push(n));
    expect(made).toEqual([1, 2, 3]);
    expect(snapshot.runs.map((r) => r.runId)).toEqual(runIds);
    expect(snapshot.runs.map((r) => r.commit)).toEqual(['c0ffee1', 'c0ffee2', 'c0ffee3']);
    expect(snapshot.runs[0]!.cases).toEqual([
      { id: 'weather', model: 'baseline', kind: 'soft', runs: 20, passes: 19, errors: 0, status: 'pass' },
    ]);
    expect(cacheFiles(dir)).toEqual(
      readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort(),
    );
  });

  it('reads the cache on the next start without opening a report', () => {
    const { dir } = history();
    new HistoryIndex(dir).snapshot();
    rmSync(join(dir, 'reports'), { recursive: true });
    const made: number[] = [];
    const snapshot = new HistoryIndex(dir).snapshot((n) => made.push(n));
    expect(made).toEqual([]);
    expect(snapshot.runs.map((r) => [r.commit, r.reportProblem])).toEqual([
      ['c0ffee1', undefined],
      ['c0ffee2', undefined],
      ['c0ffee3', undefined],
    ]);
  });

  it('makes a summary anew when its entry changed size, when it is of another version, and when it does not read as one', () => {
    const { dir, runIds } = history();
    new HistoryIndex(dir).snapshot();
    rmSync(join(dir, 'reports'), { recursive: true });
    const [first, second, third] = cacheFiles(dir);
    appendFileSync(join(dir, first!), ' ');
    const stale = JSON.parse(readFileSync(join(dir, CACHE_DIR, second!), 'utf8'));
    writeFileSync(join(dir, CACHE_DIR, second!), JSON.stringify({ ...stale, version: 99 }));
    // A summary planted to name another run, or a path, is not taken: it does not fit the contract.
    const planted = JSON.parse(readFileSync(join(dir, CACHE_DIR, third!), 'utf8'));
    writeFileSync(join(dir, CACHE_DIR, third!), JSON.stringify({ ...planted, runId: '../../../../tmp/x' }));
    const made: number[] = [];
    const snapshot = new HistoryIndex(dir).snapshot((n) => made.push(n));
    expect(made).toEqual([1, 2, 3]);
    expect(snapshot.runs.map((r) => r.runId)).toEqual(runIds);
    // Made again from the entries alone: the reports are gone, and each summary says why.
    expect(snapshot.runs.every((r) => r.reportProblem?.includes('reports/') === true)).toBe(true);
    expect(snapshot.runs.every((r) => r.commit === undefined)).toBe(true);
  });

  it('never writes the cache through a link planted in its place', () => {
    const { dir } = history(1);
    const elsewhere = mkdtempSync(join(tmpdir(), 'mcpgate-view-elsewhere-'));
    symlinkSync(elsewhere, join(dir, CACHE_DIR));
    expect(new HistoryIndex(dir).snapshot().runs).toHaveLength(1);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('works on a history it cannot write: the summaries stay in memory', () => {
    const { dir } = history(1);
    writeFileSync(join(dir, CACHE_DIR), 'a file where the folder would go');
    const index = new HistoryIndex(dir);
    expect(index.snapshot().runs).toHaveLength(1);
    expect(index.snapshot().warnings).toEqual([]);
  });

  it('skips an entry that cannot be used, or whose run id is not one mcpgate writes, with a warning naming it', () => {
    const { dir, runIds } = history(2);
    const [name] = readdirSync(dir).filter((n) => n.endsWith('.json'));
    const entry = JSON.parse(readFileSync(join(dir, name!), 'utf8'));
    writeFileSync(join(dir, '2026-08-09T10-00-00.000Z_evil.json'), JSON.stringify({ ...entry, runId: '<script>x</script>' }));
    writeFileSync(join(dir, '2026-08-09T11-00-00.000Z_torn.json'), '{"schemaVersion":');
    const snapshot = new HistoryIndex(dir).snapshot();
    expect(snapshot.runs.map((r) => r.runId)).toEqual(runIds);
    expect(snapshot.warnings).toEqual([
      expect.stringMatching(/_evil\.json: its run id "<script>x<\/script>" is not 16 hex digits \(left in place\)$/),
      expect.stringMatching(/_torn\.json: not an mcpgate history entry: not valid JSON/),
    ]);
  });

  it('sees runs recorded and pruned while it is open; --last keeps the newest runs only', () => {
    const { dir, runIds } = history(2);
    const index = new HistoryIndex(dir);
    expect(index.snapshot().runs).toHaveLength(2);
    const later = recordRun(dir, evalRun([{ id: 'weather', passes: 10, runs: 20 }], { startedAt: day(5) })).entry.runId;
    expect(index.snapshot().runs.map((r) => r.runId)).toEqual([...runIds, later]);
    rmSync(
      join(
        dir,
        readdirSync(dir)
          .filter((n) => n.endsWith('.json'))
          .sort()[0]!,
      ),
    );
    expect(index.snapshot().runs.map((r) => r.runId)).toEqual([runIds[1], later]);
    expect(new HistoryIndex(dir, 1).snapshot().runs.map((r) => r.runId)).toEqual([later]);
  });

  it("opens a run's stored report, and says why when it cannot", () => {
    const { dir } = history(1);
    const index = new HistoryIndex(dir);
    const [run] = index.snapshot().runs;
    const report = index.report(run!);
    expect(typeof report === 'string' ? report : report.commit).toBe('c0ffee1');
    const file = join(dir, run!.report!.file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('c0ffee1', 'c0ffee9'));
    expect(existsSync(file)).toBe(true);
    expect(new HistoryIndex(dir).report(run!)).toMatch(/does not match its sha256/);
  });
});
