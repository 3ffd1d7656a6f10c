/**
 * The report invariants (test/helpers/report-invariants.ts) hold of what real runs write: a check that
 * passes, fails, tolerates and goes stale, runs under --strict and against a server that is not there;
 * eval with a missed hard case; chaos with built-in scenarios; `mcpgate run` under a gate; a merge of
 * shards. So the checker that refuses hand-built renderer fixtures refuses nothing mcpgate writes, and
 * a fixture it accepts has the shape of real output. test/unit/report/invariants.test.ts proves the
 * other side: each impossibility is caught.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';
import { reportImpossibilities } from '../../helpers/report-invariants.js';

const GOLDEN = `- id: paris
  prompt: What's the weather like in Paris right now?
  expect_tool: get_weather
- id: tokyo-fahrenheit
  prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American
  expect_tool: get_weather
  expect_args:
    units: fahrenheit
  kind: hard
- id: chit-chat
  prompt: hi there, how are you?
  expect_tool: null
`;

/**
 * Runs mcpgate with `--report` and returns the report it wrote, after checking that the exit code is
 * the report's (`merge` exits 0 when it wrote the merged report: docs/gate.md).
 */
async function written(args: string[], options: { timeoutMs?: number } = {}): Promise<Report> {
  const file = join(tempDir(), 'report.json');
  const run = await runCli([...args, '--report', file], { timeoutMs: options.timeoutMs ?? 60_000 });
  const report = parseReport(readFileSync(file, 'utf8'));
  expect(run.code, run.stderr).toBe(args[0] === 'merge' ? 0 : report.verdict.exitCode);
  return report;
}

function golden(): string {
  const file = join(tempDir(), 'tasks.yaml');
  writeFileSync(file, GOLDEN);
  return file;
}

describe.concurrent('every report a real run writes is a possible report', () => {
  it('check: a server that follows the spec (exit 0)', async () => {
    const report = await written(['check', '--stdio', referenceStdio()]);
    expect(report.verdict.exitCode).toBe(0);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('check: a broken server, one failure expected and one listed that passes (exit 1, stale)', async () => {
    const file = join(tempDir(), 'expected.yaml');
    writeFileSync(file, '- discover.supported-versions\n- tools.names\n');
    const report = await written(['check', '--stdio', referenceStdio('--break wrong-supported-versions'), '--expected-failures', file]);
    expect(report.checks.find((c) => c.id === 'discover.supported-versions')?.expectedFailure).toBe(true);
    expect(report.summary.staleExpectedFailures).toEqual(['tools.names']);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('check --strict: a violated SHOULD fails (exit 1)', async () => {
    const report = await written(['check', '--stdio', referenceStdio('--break invalid-cursor-accepted'), '--strict']);
    expect(report.checks.some((c) => c.level === 'SHOULD' && c.status === 'fail')).toBe(true);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('check: nothing listens (exit 3)', async () => {
    const report = await written(['check', '--url', await closedPortUrl()]);
    expect(report.verdict.exitCode).toBe(3);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('eval with the lexical baseline on a hard case it misses (exit 1)', async () => {
    const report = await written(['eval', '--stdio', referenceStdio(), '--golden', golden(), '--runs', '3']);
    expect(report.eval?.cases.some((c) => c.status === 'fail')).toBe(true);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('chaos with the built-in scenarios and the baseline model', async () => {
    const report = await written(['chaos', '--stdio', referenceStdio(), '--model', 'baseline', '--runs', '2'], { timeoutMs: 120_000 });
    expect(report.chaos?.agent?.scenarios.length).toBeGreaterThan(0);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('chaos against a server that crashes on wrong parameter types (exit 1)', async () => {
    const report = await written(['chaos', '--stdio', referenceStdio('--break crash-on-wrong-param-types')]);
    expect(report.verdict.exitCode).toBe(1);
    expect(reportImpossibilities(report)).toEqual([]);
  });

  it('run under a gate, first and second run: the gate decides', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'mcpgate.yaml'),
      `server:\n  stdio: '${referenceStdio('--break wrong-supported-versions')}'\neval:\n  golden: ${golden()}\n  models: [baseline]\n  runs: 2\n` +
        `chaos:\n  enabled: true\ngate:\n  baseline: auto\nhistory:\n  dir: ${join(dir, 'history')}\n  record: true\nreport:\n  dir: ${join(dir, 'reports')}\n`,
    );
    for (const round of [1, 2]) {
      const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: 120_000 });
      const report = parseReport(readFileSync(join(dir, 'reports', 'report.json'), 'utf8'));
      expect(run.code, `run ${round}: ${run.stderr}`).toBe(report.verdict.exitCode);
      expect(report.gate?.findings.length, `run ${round}`).toBeGreaterThan(0);
      expect(reportImpossibilities(report), `run ${round}`).toEqual([]);
    }
  });

  it('merge of two eval shards', async () => {
    const tasks = golden();
    const shards = await Promise.all(
      ['1/2', '2/2'].map(async (shard) => {
        const file = join(tempDir(), 'shard.json');
        await runCli(['eval', '--stdio', referenceStdio(), '--golden', tasks, '--runs', '2', '--shard', shard, '--report', file]);
        expect(reportImpossibilities(parseReport(readFileSync(file, 'utf8'))), shard).toEqual([]);
        return file;
      }),
    );
    const report = await written(['merge', ...shards]);
    expect(report.eval?.cases.length).toBe(3);
    expect(reportImpossibilities(report)).toEqual([]);
  });
});
