/** Run history: append-only entries with their reports inside, corrupt ones skipped and kept, the green runs. */

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { greenRuns, readHistory, recordRun } from '../src/gate/history.js';
import { runIdOf, toHistoryEntry } from '../src/gate/history-entry.js';
import { targetIdentity } from '../src/gate/target.js';
import { evalRun, type CaseSpec } from './helpers/gate-factory.js';
import { failingGate } from './helpers/gate-report.js';
import { tempDir } from './helpers/cli.js';

const CASES: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 5, runs: 5 },
  { id: 'forecast-oslo', passes: 4, runs: 5 },
];

describe('toHistoryEntry', () => {
  it('keeps per-case pass rates, the fingerprint, the models and the golden sha', () => {
    const report = evalRun(CASES);
    const entry = toHistoryEntry(report, { sha256: 'b'.repeat(64), file: `reports/${'b'.repeat(64)}.json` });
    expect(entry).toMatchObject({
      schemaVersion: '1',
      startedAt: report.startedAt,
      green: true,
      models: ['baseline'],
      golden: { file: 'golden/tasks.yaml', sha256: 'a'.repeat(64) },
      fingerprint: report.target.fingerprint,
      report: { sha256: 'b'.repeat(64), file: `reports/${'b'.repeat(64)}.json` },
      target: { transport: 'http', era: 'modern', server: 'reference-server' },
    });
    expect(entry.cases).toEqual([
      { id: 'weather-paris', model: 'baseline', kind: 'hard', runs: 5, passes: 5, passRate: 1 },
      { id: 'forecast-oslo', model: 'baseline', kind: 'soft', runs: 5, passes: 4, passRate: 0.8 },
    ]);
    expect(entry.runId).toMatch(/^[0-9a-f]{16}$/);
    // The gate rewrites the verdict after the run; the run id stays that of the measurement.
    expect(runIdOf({ ...report, verdict: { exitCode: 1, reason: 'gate failed' } })).toBe(entry.runId);
    // So does the gate's result, which `run` keeps in the report it records.
    expect(runIdOf({ ...report, gate: failingGate() })).toBe(entry.runId);
  });
});

describe('recordRun and readHistory', () => {
  it('appends one file per run and never rewrites an entry', () => {
    const dir = tempDir();
    const first = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-01T10:00:00.000Z' }));
    const second = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-02T10:00:00.000Z' }));
    expect(first.written && second.written).toBe(true);
    expect(
      readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort(),
    ).toEqual([`2026-08-01T10-00-00.000Z_${first.entry.runId}.json`, `2026-08-02T10-00-00.000Z_${second.entry.runId}.json`]);

    const before = readFileSync(first.file, 'utf8');
    const mtime = statSync(first.file).mtimeMs;
    const again = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-01T10:00:00.000Z' }));
    expect(again).toMatchObject({ written: false, file: first.file });
    expect(readFileSync(first.file, 'utf8')).toBe(before);
    expect(statSync(first.file).mtimeMs).toBe(mtime);
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(2);
    expect(readdirSync(join(dir, 'reports'))).toHaveLength(2);

    const { entries, warnings } = readHistory(dir);
    expect(warnings).toEqual([]);
    expect(entries.map((e) => e.entry.startedAt)).toEqual(['2026-08-01T10:00:00.000Z', '2026-08-02T10:00:00.000Z']);
    expect(entries[0]!.entry.report).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      file: `reports/${entries[0]!.entry.report!.sha256}.json`,
    });
  });

  it('skips a corrupt entry with a warning and leaves it on disk', () => {
    const dir = tempDir();
    recordRun(dir, evalRun(CASES));
    const corrupt = join(dir, '2026-08-03T00-00-00.000Z_broken.json');
    writeFileSync(corrupt, '{"schemaVersion": "1", "runId": ');
    const alien = join(dir, '2026-08-04T00-00-00.000Z_alien.json');
    writeFileSync(alien, JSON.stringify({ schemaVersion: '9', runId: 'x' }));

    const { entries, warnings } = readHistory(dir);
    expect(entries).toHaveLength(1);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^skipped history entry .*_broken\.json: .*JSON.* \(left in place\)$/);
    expect(warnings[1]).toContain('not an mcpgate history entry: schemaVersion must be one of 1, got "9"');
    expect(readFileSync(corrupt, 'utf8')).toBe('{"schemaVersion": "1", "runId": ');
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(3);
  });
});

describe('greenRuns', () => {
  it('lists the green runs of the same server and models, newest first, leaving out the current run', () => {
    const dir = tempDir();
    const at = (day: number, specs: CaseSpec[], options: Parameters<typeof evalRun>[1] = {}) =>
      evalRun(specs, { startedAt: `2026-08-0${day}T00:00:00.000Z`, ...options });
    recordRun(dir, at(1, CASES));
    recordRun(dir, at(2, CASES));
    recordRun(dir, at(3, [{ id: 'weather-paris', kind: 'hard', passes: 4, runs: 5 }]));
    recordRun(
      dir,
      at(
        4,
        CASES.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' })),
      ),
    );
    // Recorded with a clock behind the others: the run id, not the time, keeps it from being its own baseline.
    const current = at(0, CASES);
    recordRun(dir, current);

    const filter = { target: targetIdentity(current.target), models: ['baseline'], excludeRunId: runIdOf(current) };
    const days = (found: ReturnType<typeof greenRuns>) => found.entries.map((e) => e.entry.startedAt.slice(8, 10));
    expect(days(greenRuns(dir, filter))).toEqual(['02', '01']);
    expect(days(greenRuns(dir, { ...filter, models: ['openai:gpt-4.1-mini'] }))).toEqual(['04']);
    expect(days(greenRuns(dir, { ...filter, target: { ...filter.target, server: 'another-server' } }))).toEqual([]);
    expect(days(greenRuns(dir, { ...filter, goldenSha: 'c'.repeat(64) }))).toEqual([]);
    expect(greenRuns(tempDir(), filter)).toEqual({ entries: [], warnings: [] });
  });
});
