/** Run history: append-only entries with their reports inside, corrupt ones skipped and kept, the green runs. */

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredAcceptance } from '../../../src/gate/accepted.js';
import { baselineCandidates, modelsOverlap, type BaselineCandidate } from '../../../src/gate/baseline-choice.js';
import { readHistory, recordRun, type StoredEntry } from '../../../src/gate/history.js';
import { runIdOf, toHistoryEntry } from '../../../src/gate/history-entry.js';
import { gateWithoutBaseline } from '../../../src/gate/gate.js';
import { targetIdentity } from '../../../src/gate/target.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';
import { makeReport } from '../../helpers/report-factory.js';
import { tempDir } from '../../helpers/cli.js';
import { registerSecret } from '../../../src/shared/redact.js';

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
    // The gate rewrites the verdict after the run, and `run` keeps its result in the report it records;
    // the run id stays that of the measurement.
    const { checks, summary: _summary, verdict: _verdict, ...sections } = report;
    const gated = makeReport(checks, { ...sections, gate: gateWithoutBaseline(report, 'the baseline b.json does not exist') });
    expect(gated.verdict).not.toEqual(report.verdict);
    expect(runIdOf(gated)).toBe(entry.runId);
  });

  it('names a run that quotes a secret by the id it is recorded under (the stored report is masked)', () => {
    const secret = 'sk-run-id-secret-0123456789abcdef';
    registerSecret(secret);
    const report = evalRun(CASES);
    const quoting = { ...report, verdict: { ...report.verdict, reason: `the server echoed ${secret}` } };
    quoting.target = { ...quoting.target, endpoint: `http://127.0.0.1:3000/mcp?key=${secret}` };
    const recorded = recordRun(tempDir(), quoting);
    expect(runIdOf(quoting)).toBe(recorded.entry.runId);
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

describe('baselineCandidates: which run --baseline auto takes', () => {
  const target = targetIdentity(evalRun(CASES).target);
  const day = (n: number): string => `2026-08-${String(n).padStart(2, '0')}T00:00:00.000Z`;
  /** An entry per letter: green (upper case) or red (lower case), started on day 1, 2, 3 ... */
  function entries(runs: string, models: string[] = ['baseline']): StoredEntry[] {
    return [...runs].map((letter, i) => ({
      file: `${letter}.json`,
      entry: {
        ...toHistoryEntry(
          evalRun(
            models.flatMap((model) => CASES.map((c) => ({ ...c, model }))),
            { startedAt: day(i + 1) },
          ),
        ),
        runId: letter.toLowerCase().repeat(16),
        green: letter === letter.toUpperCase(),
      },
    }));
  }
  const accept = (letter: string, onDay: number, reason = 'accepted by hand'): StoredAcceptance => ({
    file: `accepted/${letter}.json`,
    acceptance: { schemaVersion: '1', runId: letter.repeat(16), acceptedAt: day(onDay).replace('T00', 'T12'), reason },
  });
  const order = (found: BaselineCandidate[]): string[] => found.map((c) => `${c.entry.runId[0]}${c.accepted ? '*' : ''}`);

  it.each<[string, string, StoredAcceptance[], string[]]>([
    ['the newest green run, red ones never', 'ABc', [], ['b', 'a']],
    ['an accepted red run beats the green runs before the acceptance', 'ABc', [accept('c', 3)], ['c*', 'b', 'a']],
    ['until a green run that started after the acceptance', 'ABcD', [accept('c', 3)], ['d', 'c*', 'b', 'a']],
    ['a red run after the acceptance does not take over', 'ABce', [accept('c', 3)], ['c*', 'b', 'a']],
    ['an older run accepted on purpose beats every green run before that moment', 'ABC', [accept('a', 5)], ['a*', 'c', 'b']],
    ['the later of two acceptances wins', 'aBc', [accept('a', 4), accept('c', 5)], ['c*', 'a*', 'b']],
    ['an acceptance of a run no longer in the history counts for nothing', 'AB', [accept('z', 5)], ['b', 'a']],
  ])('%s', (_name, runs, acceptances, expected) => {
    expect(order(baselineCandidates(entries(runs), acceptances, { target, models: ['baseline'] }))).toEqual(expected);
  });

  it('leaves out the run being gated, another server and runs without a model in common', () => {
    const all = [
      ...entries('AB'),
      ...entries('C', ['openai:gpt-4.1-mini']).map((e) => ({ ...e, entry: { ...e.entry, startedAt: day(9) } })),
    ];
    const filter = { target, models: ['baseline'] };
    expect(order(baselineCandidates(all, [accept('b', 3)], { ...filter, excludeRunId: 'b'.repeat(16) }))).toEqual(['a']);
    expect(order(baselineCandidates(all, [], { ...filter, target: { ...target, server: 'another-server' } }))).toEqual([]);
    // Models overlap: a run that adds a model compares with runs of the model it kept; layer 0 alone only with layer 0 alone.
    expect(order(baselineCandidates(all, [], { ...filter, models: ['baseline', 'anthropic:claude-haiku-4-5'] }))).toEqual(['b', 'a']);
    expect(order(baselineCandidates(all, [], { ...filter, models: ['openai:gpt-4.1-mini'] }))).toEqual(['c']);
    expect(order(baselineCandidates(all, [], { ...filter, models: [] }))).toEqual([]);
    expect(modelsOverlap([], [])).toBe(true);
  });

  it('reads from a real history: the current run is recognised by its run id, not its clock', () => {
    const dir = tempDir();
    recordRun(dir, evalRun(CASES, { startedAt: day(1) }));
    const second = recordRun(dir, evalRun(CASES, { startedAt: day(2) }));
    // Recorded with a clock behind the others: the run id, not the time, keeps it from being its own baseline.
    const current = evalRun(CASES, { startedAt: '2026-07-31T00:00:00.000Z' });
    recordRun(dir, current);
    const { entries: stored } = readHistory(dir);
    const found = baselineCandidates(stored, [], { target, models: ['baseline'], excludeRunId: runIdOf(current) });
    expect(found.map((c) => c.entry.runId)[0]).toBe(second.entry.runId);
    expect(found).toHaveLength(2);
  });
});
