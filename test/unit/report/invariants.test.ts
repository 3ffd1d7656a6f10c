/**
 * The report invariant checker (test/helpers/report-invariants.ts) catches every impossible state it
 * names: each row below takes a report the factories built (which the checker accepts) and breaks one
 * rule a run of mcpgate never breaks; the checker must name it, and assertPossibleReport must throw.
 * test/e2e/report/invariants.test.ts holds it to the other side: what real runs write passes.
 */

import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/report/model.js';
import { makeChaosReport } from '../../helpers/chaos-factory.js';
import { failingGateReport } from '../../helpers/gate-report.js';
import { assertPossibleReport, reportImpossibilities } from '../../helpers/report-invariants.js';
import { makeCheck, makeCoverage, makeReport } from '../../helpers/report-factory.js';

/** A layer 0 report with an expected failure, a stale entry, a SHOULD warning, a skip and coverage. */
function conformance(): Report {
  return makeReport(
    [
      makeCheck({ id: 'discover.responds' }),
      makeCheck({ id: 'discover.supported-versions', status: 'fail', message: 'lists 1900-01-01' }),
      makeCheck({ id: 'tools.names', status: 'warn', message: 'a name has a space' }),
      makeCheck({ id: 'tools.list-static' }),
      makeCheck({ id: 'prompts.list', status: 'skip', message: 'no prompts capability' }),
    ],
    { coverage: makeCoverage() },
    { expectedFailures: ['discover.supported-versions', 'tools.list-static'] },
  );
}

const BASES: Record<string, () => Report> = { conformance, gate: () => failingGateReport(), chaos: makeChaosReport };

type Row = [name: string, base: keyof typeof BASES, breakIt: (r: Report) => void, problem: RegExp];

const ROWS: Row[] = [
  [
    'a key the contract does not know',
    'conformance',
    (r) => Object.assign(r, { behaviour: { cases: 3 } }),
    /the contract drops part of it/,
  ],
  [
    'a value the contract refuses',
    'conformance',
    (r) => Object.assign(r.checks[0]!, { status: 'ok' }),
    /^not an mcpgate report: checks\[0\]\.status/,
  ],
  ['a total that does not count the checks', 'conformance', (r) => (r.summary.total += 1), /summary\.total is 6, the checks count 5/],
  ['a status count off by one', 'conformance', (r) => (r.summary.byStatus.warn = 0), /summary\.byStatus\.warn is 0, the checks count 1/],
  ['a MUST failure not counted', 'gate', (r) => (r.summary.mustFailures = 0), /summary\.mustFailures is 0, the checks count 1/],
  ['an invented check id', 'conformance', (r) => (r.checks[3]!.id = 'tools.check-3'), /tools\.check-3 is no registered check or probe/],
  [
    'a level the definition does not have',
    'conformance',
    (r) => (r.checks[2]!.level = 'MUST'),
    /tools\.names has level "MUST", its definition "SHOULD"/,
  ],
  ['a title of its own', 'conformance', (r) => (r.checks[0]!.title = 'serverInfo is present'), /discover\.responds has title/],
  ['a check not_measured', 'conformance', (r) => (r.checks[3]!.status = 'not_measured'), /not_measured, which no check outcome maps to/],
  ['a failed SHOULD without --strict', 'conformance', (r) => (r.checks[2]!.status = 'fail'), /failed SHOULD check without --strict/],
  [
    'an expected failure that passes',
    'conformance',
    (r) => (r.checks[0]!.expectedFailure = true),
    /discover\.responds is marked an expected failure but is pass/,
  ],
  ['an HTTP check on a stdio server', 'gate', (r) => (r.target.transport = 'stdio'), /does not apply to stdio targets/],
  [
    'a probe without a chaos section',
    'conformance',
    (r) => r.checks.push(makeCheck({ id: 'robust.batch' })),
    /robust\.batch is a robustness probe in a report without a chaos section/,
  ],
  [
    'checks run on a server that did not answer',
    'conformance',
    (r) => (r.target.era = 'legacy'),
    /checks ran on a server that did not answer as a modern one/,
  ],
  ['layers 1 and 2 without layer 0', 'chaos', (r) => (r.eval = failingGateReport().eval), /layers 1 and 2 in one report without layer 0/],
  [
    'a pass with a failing check',
    'conformance',
    (r) => (r.verdict = { exitCode: 0, reason: 'all good' }),
    /verdict: exit code 0, but these failed: stale expected failures/,
  ],
  [
    'a failure with nothing failed',
    'chaos',
    (r) => ((r.chaos = { scan: r.chaos!.scan }), (r.chaos.scan.findings = [])),
    /exit code 1, but nothing failed/,
  ],
  ['an exit code no report carries', 'conformance', (r) => (r.verdict.exitCode = 2), /exit code 2 is never written in a report/],
  [
    'passes that do not count the samples',
    'gate',
    (r) => (r.eval!.cases[0]!.passes = 12),
    /weather-paris@openai:gpt-4\.1-mini: passes is 12, its samples give 10/,
  ],
  ['a case that passes below its floor', 'gate', (r) => (r.eval!.cases[0]!.status = 'pass'), /status is "pass", its samples give "fail"/],
  [
    'a case with no sample that passed',
    'gate',
    (r) => Object.assign(r.eval!.cases[1]!, { trajectories: [], status: 'pass' }),
    /weather-berlin@openai:gpt-4\.1-mini: ran no sample, but reads/,
  ],
  [
    'a confusion table that does not count the samples',
    'gate',
    (r) => (r.eval!.confusions!['openai:gpt-4.1-mini']!.cells[0]!.count += 1),
    /eval\.confusions\[openai:gpt-4\.1-mini\]: samples \d+ is not the sum of its cells/,
  ],
  [
    'a right pick the diagonal does not hold',
    'gate',
    (r) => (r.eval!.confusions = { 'openai:gpt-4.1-mini': { samples: 0, cells: [] } }),
    /case weather-paris has 20 scored samples, the table counts 0/,
  ],
  [
    'a wrong pick without a call',
    'gate',
    (r) => (r.eval!.cases[1]!.trajectories[0]!.calls = []),
    /weather-berlin@openai:gpt-4\.1-mini: sample 0 has a correct selection with 0 call\(s\)/,
  ],
  ['pass^k left empty', 'gate', (r) => (r.eval!.cases[1]!.passHatK = []), /weather-berlin@openai:gpt-4\.1-mini: passHatK is \[\]/],
  ['a summary not of the cases', 'gate', (r) => (r.eval!.summary.failed = 0), /eval\.summary\.failed is 0, its cases give 1/],
  [
    'an accuracy not of the samples',
    'gate',
    (r) => (r.eval!.perModel['openai:gpt-4.1-mini']!.argumentAccuracy = 0.9),
    /argumentAccuracy is 0\.9, its cases give 0\.5/,
  ],
  [
    'telemetry of another model',
    'gate',
    (r) => (r.eval!.telemetry = { baseline: r.eval!.telemetry['openai:gpt-4.1-mini']! }),
    /eval\.telemetry covers \["baseline"\]/,
  ],
  [
    'arguments scored on a wrong first call',
    'gate',
    (r) => (r.eval!.cases[0]!.trajectories[15]!.selection = 'wrong'),
    /scores arguments of a wrong first call/,
  ],
  [
    'a scenario whose passes are not its samples',
    'chaos',
    (r) => (r.chaos!.agent!.scenarios[0]!.passes = 3),
    /weather-500@openai:gpt-4\.1-mini: passes 3, passing samples 1/,
  ],
  [
    'a client verdict with another status',
    'chaos',
    (r) => (r.chaos!.client!.verdict = 're-issued'),
    /chaos\.client: verdict re-issued with status fail/,
  ],
  [
    'an attack rate not rounded as the runner rounds it',
    'chaos',
    (r) => (r.chaos!.agent!.injections[0]!.attackSuccessRate = 2 / 3),
    /attackSuccessRate 0\.6666666666666666, expected 0\.667/,
  ],
  ['a pin drift without a change', 'chaos', (r) => (r.chaos!.pins!.changes = []), /chaos\.pins: drift without a change/],
  ['a gate that passes with a failing item', 'gate', (r) => (r.gate!.verdict = 'pass'), /gate: verdict pass, its findings give fail/],
  [
    'a gate that misses a failing MUST check',
    'gate',
    (r) => (r.gate!.findings = r.gate!.findings.filter((f) => !f.item.startsWith('check:'))),
    /gate: no fail finding for check:tools\.input-schema-valid/,
  ],
  [
    'a verdict that is not the gate',
    'gate',
    (r) => (r.verdict = { exitCode: 1, reason: '1 check(s) failed' }),
    /verdict: reason "1 check\(s\) failed" is not the gate's/,
  ],
  [
    'more tools called than listed',
    'conformance',
    (r) => (r.coverage!.tools.called = 4),
    /coverage: 4 called and 25 not called of 25 tools/,
  ],
  [
    'a fingerprint that counts other tools',
    'gate',
    (r) => (r.target.fingerprint!.toolCount = 4),
    /the fingerprint counts 4 tools, the surface lists 3/,
  ],
];

describe('the report invariants', () => {
  it.each(Object.keys(BASES))('accept the %s report the factories build', (name) => {
    expect(reportImpossibilities(BASES[name]!())).toEqual([]);
  });

  it.each(ROWS)('catch %s', (_name, base, breakIt, problem) => {
    const report = structuredClone(BASES[base]!());
    breakIt(report);
    const problems = reportImpossibilities(report);
    expect(
      problems.some((p) => problem.test(p)),
      problems.join('\n'),
    ).toBe(true);
    expect(() => assertPossibleReport(report)).toThrow(/^a report no run of mcpgate writes:\n/);
  });

  it('and the factories refuse to build an impossible report', () => {
    expect(() => makeCheck({ id: 'x.nasty' })).toThrow('makeCheck: x.nasty is no registered check or probe');
    expect(() => makeReport([makeCheck({ id: 'tools.names', status: 'fail' })])).toThrow(/failed SHOULD check without --strict/);
    expect(() => makeReport([makeCheck({ id: 'discover.responds' })], { verdict: { exitCode: 1, reason: 'checks failed' } })).toThrow(
      /exit code 1, but nothing failed/,
    );
  });
});
