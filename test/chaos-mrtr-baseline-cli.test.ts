/**
 * `mcpgate chaos --model baseline` with the MRTR retry scenarios of examples/faults.yaml, run by
 * the built CLI against the reference server: the offline baseline reaches a second round, so the
 * four retry faults fire and are scored, and a server that trusts altered state gets the state
 * finding and fails the run.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, StateFinding } from '../src/report/model.js';
import { ROOT, readJson, referenceStdio, runCli, tempDir, type CliRun } from './helpers/cli.js';

/** The example file's MRTR scenarios only: the others (a hang among them) would only slow this down. */
function mrtrScenarios(): string {
  const example = readFileSync(join(ROOT, 'examples/faults.yaml'), 'utf8');
  const start = example.indexOf('  - id: mrtr-tampered-state');
  const end = example.indexOf('\ninjections:');
  expect(start).toBeGreaterThan(0);
  const file = join(tempDir(), 'mrtr-faults.yaml');
  writeFileSync(file, `scenarios:\n${example.slice(start, end)}\n`);
  return file;
}

interface Chaos {
  run: CliRun;
  report: Report;
}

const runs: Record<'correct' | 'unsigned' | 'unbound', Chaos> = {} as never;

async function chaos(faults: string, extra: string): Promise<Chaos> {
  const report = join(tempDir(), 'report.json');
  const run = await runCli(
    ['chaos', '--stdio', referenceStdio(extra), '--model', 'baseline', '--faults', faults, '--runs', '1', '--report', report],
    { timeoutMs: 60_000 },
  );
  return { run, report: readJson<Report>(report) };
}

const findings = (c: Chaos): StateFinding[] => c.report.chaos?.agent?.stateFindings ?? [];
const scenario = (c: Chaos, id: string) => c.report.chaos!.agent!.scenarios.find((s) => s.id === id)!;

beforeAll(async () => {
  const faults = mrtrScenarios();
  [runs.correct, runs.unsigned, runs.unbound] = await Promise.all([
    chaos(faults, ''),
    chaos(faults, '--break mrtr-unsigned-state'),
    chaos(faults, '--break mrtr-state-unbound'),
  ]);
});

describe('chaos --model baseline: the MRTR retry scenarios of examples/faults.yaml', () => {
  it('on the correct server every retry fault fires, every scenario is measured and passes, and the run passes', () => {
    const { run, report } = runs.correct;
    expect(run.code).toBe(0);
    const scenarios = report.chaos!.agent!.scenarios;
    expect(scenarios.map((s) => [s.id, s.status])).toEqual([
      ['mrtr-tampered-state', 'pass'],
      ['mrtr-replayed-state', 'pass'],
      ['mrtr-dropped-state', 'pass'],
      ['mrtr-stripped-responses', 'pass'],
    ]);
    // The server refused each altered retry: no finding is anything but a pass.
    expect(findings(runs.correct).map((f) => [f.fault, f.reaction, f.status])).toEqual([
      ['tamper-request-state', 'error', 'pass'],
      ['replay-request-state', 'error', 'pass'],
      ['drop-request-state', 'input-required', 'pass'],
      ['strip-input-responses', 'input-required', 'pass'],
    ]);
    expect(run.stdout).toContain('MRTR state: 4/4 altered retries refused by the server');
  });

  it('--break mrtr-unsigned-state: the tampered retry completes, the finding fails, and so does the run (exit 1)', () => {
    const { run } = runs.unsigned;
    expect(run.code).toBe(1);
    const failed = findings(runs.unsigned).filter((f) => f.status !== 'pass');
    expect(failed).toEqual([expect.objectContaining({ fault: 'tamper-request-state', reaction: 'completed', status: 'fail' })]);
    expect(run.stdout).toMatch(/✗ tamper-request-state \(event \d+\): mrtr_form_elicitation: the server completed a retry/);
    expect(run.stdout).toMatch(/^FAIL: .*MRTR state finding/m);
    // The agent got a real result, so its own reaction was not exercised: not measured, not a pass.
    expect(scenario(runs.unsigned, 'mrtr-tampered-state')).toMatchObject({ status: 'not_measured', verdicts: { 'not-measured': 1 } });
    expect(scenario(runs.unsigned, 'mrtr-tampered-state').samples[0]!.reason).toContain('the server completed the altered retry');
  });

  it('--break mrtr-state-unbound: the replayed retry completes, a warning that does not fail the run', () => {
    const { run } = runs.unbound;
    const notPassed = findings(runs.unbound).filter((f) => f.status !== 'pass');
    expect(notPassed).toEqual([expect.objectContaining({ fault: 'replay-request-state', reaction: 'completed', status: 'warn' })]);
    // Inconclusive (5), from the replayed scenario the agent had nothing to react to; not a failure.
    expect(run.code).toBe(5);
    expect(scenario(runs.unbound, 'mrtr-tampered-state').status).toBe('pass');
  });
});
