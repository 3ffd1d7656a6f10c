/** Run history: append-only entries, corrupt ones skipped and kept, the last green run. */

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastGreen, readHistory, recordRun, reportFileOf } from '../src/gate/history.js';
import { toHistoryEntry } from '../src/gate/history-entry.js';
import { targetIdentity } from '../src/gate/target.js';
import { evalRun, type CaseSpec } from './helpers/gate-factory.js';
import { tempDir } from './helpers/cli.js';

const CASES: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 5, runs: 5 },
  { id: 'forecast-oslo', passes: 4, runs: 5 },
];

describe('toHistoryEntry', () => {
  it('keeps per-case pass rates, the fingerprint, the models and the golden sha', () => {
    const report = evalRun(CASES);
    const entry = toHistoryEntry(report, 'reports/eval.json');
    expect(entry).toMatchObject({
      schemaVersion: '1',
      startedAt: report.startedAt,
      green: true,
      models: ['baseline'],
      golden: { file: 'golden/tasks.yaml', sha256: 'a'.repeat(64) },
      fingerprint: report.target.fingerprint,
      reportFile: 'reports/eval.json',
      target: { transport: 'http', era: 'modern', server: 'reference-server' },
    });
    expect(entry.cases).toEqual([
      { id: 'weather-paris', model: 'baseline', kind: 'hard', runs: 5, passes: 5, passRate: 1 },
      { id: 'forecast-oslo', model: 'baseline', kind: 'soft', runs: 5, passes: 4, passRate: 0.8 },
    ]);
    expect(entry.runId).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('recordRun and readHistory', () => {
  it('appends one file per run and never rewrites an entry', () => {
    const dir = tempDir();
    const first = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-01T10:00:00.000Z' }), join(dir, '../r1.json'));
    const second = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-02T10:00:00.000Z' }), join(dir, '../r2.json'));
    expect(first.written && second.written).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([`2026-08-01T10-00-00.000Z_${first.entry.runId}.json`, `2026-08-02T10-00-00.000Z_${second.entry.runId}.json`]);

    const before = readFileSync(first.file, 'utf8');
    const mtime = statSync(first.file).mtimeMs;
    const again = recordRun(dir, evalRun(CASES, { startedAt: '2026-08-01T10:00:00.000Z' }), join(dir, '../elsewhere.json'));
    expect(again).toMatchObject({ written: false, file: first.file });
    expect(readFileSync(first.file, 'utf8')).toBe(before);
    expect(statSync(first.file).mtimeMs).toBe(mtime);
    expect(readdirSync(dir)).toHaveLength(2);

    const { entries, warnings } = readHistory(dir);
    expect(warnings).toEqual([]);
    expect(entries.map((e) => e.entry.startedAt)).toEqual(['2026-08-01T10:00:00.000Z', '2026-08-02T10:00:00.000Z']);
    expect(entries[0]!.entry.reportFile).toBe('../r1.json');
    expect(reportFileOf(dir, entries[0]!.entry)).toBe(join(dir, '../r1.json'));
  });

  it('skips a corrupt entry with a warning and leaves it on disk', () => {
    const dir = tempDir();
    recordRun(dir, evalRun(CASES), join(dir, 'r.json'));
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
    expect(readdirSync(dir)).toHaveLength(3);
  });
});

describe('lastGreen', () => {
  it('finds the newest green run of the same server and models, started before the current one', () => {
    const dir = tempDir();
    const at = (day: number, specs: CaseSpec[], options: Parameters<typeof evalRun>[1] = {}) => evalRun(specs, { startedAt: `2026-08-0${day}T00:00:00.000Z`, ...options });
    recordRun(dir, at(1, CASES), 'r1.json');
    recordRun(dir, at(2, CASES), 'r2.json');
    recordRun(dir, at(3, [{ id: 'weather-paris', kind: 'hard', passes: 4, runs: 5 }]), 'r3-red.json');
    recordRun(dir, at(4, CASES.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }))), 'r4-other-model.json');
    const current = at(5, CASES);
    recordRun(dir, current, 'r5-current.json');

    const filter = { target: targetIdentity(current.target), models: ['baseline'], before: current.startedAt };
    const reportOf = (found: ReturnType<typeof lastGreen>['found']) => found && reportFileOf(dir, found.entry);
    expect(reportOf(lastGreen(dir, filter).found)).toBe(resolve('r2.json'));
    expect(reportOf(lastGreen(dir, { ...filter, models: ['openai:gpt-4.1-mini'] }).found)).toBe(resolve('r4-other-model.json'));
    expect(lastGreen(dir, { ...filter, target: { ...filter.target, server: 'another-server' } }).found).toBeUndefined();
    expect(lastGreen(dir, { ...filter, goldenSha: 'c'.repeat(64) }).found).toBeUndefined();
    expect(lastGreen(tempDir(), filter)).toEqual({ warnings: [] });
  });
});
