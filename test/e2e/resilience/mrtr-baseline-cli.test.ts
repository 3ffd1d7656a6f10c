/**
 * `mcpgate chaos --model baseline` with the MRTR retry scenarios of examples/faults.yaml, run by
 * the built CLI against the reference server: the offline baseline reaches a second round, so the
 * four retry faults fire and are scored, and a server that trusts altered state gets the state
 * finding and fails the run.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, StateFinding } from '../../../src/report/model.js';
import { ROOT, readJson, referenceStdio, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

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
  junit: string;
  sarif: { runs: Array<{ results: Array<Record<string, any>> }> };
}

const runs: Record<'correct' | 'unsigned' | 'unbound', Chaos> = {} as never;

async function chaos(faults: string, extra: string): Promise<Chaos> {
  const dir = tempDir();
  const [report, junit, sarif] = ['report.json', 'junit.xml', 'report.sarif'].map((name) => join(dir, name)) as [string, string, string];
  const run = await runCli(
    ['chaos', '--stdio', referenceStdio(extra), '--model', 'baseline', '--faults', faults, '--runs', '1'].concat([
      '--report',
      report,
      '--junit',
      junit,
      '--sarif',
      sarif,
    ]),
    { timeoutMs: 60_000 },
  );
  return { run, report: readPossibleReport(report), junit: readFileSync(junit, 'utf8'), sarif: readJson(sarif) };
}

let faultsFile = '';
const findings = (c: Chaos): StateFinding[] => c.report.chaos?.agent?.stateFindings ?? [];
const scenario = (c: Chaos, id: string) => c.report.chaos!.agent!.scenarios.find((s) => s.id === id)!;

beforeAll(async () => {
  const faults = (faultsFile = mrtrScenarios());
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

  it('--break mrtr-unsigned-state: JUnit fails the tampered retry, SARIF has an error on its scenario line, and neither has the refusals', () => {
    const { junit, sarif } = runs.unsigned;
    const state = /<testsuite name="chaos MRTR state" tests="(\d+)" failures="(\d+)"/.exec(junit);
    expect(state?.slice(1)).toEqual(['4', '1']);
    expect(junit).toMatch(/name="mrtr-tampered-state: tamper-request-state on mrtr_form_elicitation, retry 1"[^>]*>\s*<failure /);
    const results = sarif.runs[0]!.results.filter((r) => String(r.ruleId).startsWith('state.'));
    const line = readFileSync(faultsFile, 'utf8').split('\n').indexOf('  - id: mrtr-tampered-state') + 1;
    expect(results.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.region.startLine])).toEqual([
      ['state.tamper-request-state', 'error', line],
    ]);
    expect(findings(runs.unsigned)[0]).toMatchObject({
      scenario: 'mrtr-tampered-state',
      model: 'baseline',
      source: `${faultsFile}:${line}`,
    });
    // The correct server's report has state cases that all pass, and no state result.
    expect(runs.correct.junit).toMatch(/<testsuite name="chaos MRTR state" tests="4" failures="0"/);
    expect(runs.correct.sarif.runs[0]!.results.filter((r) => String(r.ruleId).startsWith('state.'))).toEqual([]);
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
