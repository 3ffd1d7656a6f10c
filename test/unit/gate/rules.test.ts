/** gateReports on built reports: the hard, soft and comparability rules, and the Wilson arithmetic. */

import { describe, expect, it } from 'vitest';
import { gateReports, gateWithoutBaseline } from '../../../src/gate/gate.js';
import { dropInterval, wilson, zFor } from '../../../src/gate/wilson.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';
import { makeCheck, makeReport } from '../../helpers/report-factory.js';
import { assertPossibleReport } from '../../helpers/report-invariants.js';

const STEADY: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
  { id: 'forecast-oslo', passes: 20, runs: 20 },
  { id: 'invoice-lookup', passes: 18, runs: 20 },
  { id: 'chit-chat', passes: 20, runs: 20, negative: true },
];

function withCase(id: string, change: Partial<CaseSpec>): CaseSpec[] {
  return STEADY.map((c) => (c.id === id ? { ...c, ...change } : c));
}

function finding(result: ReturnType<typeof gateReports>, item: string) {
  const found = result.findings.find((f) => f.item === item);
  expect(found, `a finding for ${item}`).toBeDefined();
  return found!;
}

describe('Wilson and Newcombe intervals (the worked example of docs/gate.md)', () => {
  const z = zFor(0.95);
  it('gives the published figures', () => {
    expect(z).toBeCloseTo(1.96, 3);
    expect(zFor(0.9)).toBeCloseTo(1.6449, 4);
    const all = wilson({ k: 20, n: 20 }, z);
    expect(all.low).toBeCloseTo(0.8389, 4);
    expect(all.high).toBe(1);
    const twelve = wilson({ k: 12, n: 20 }, z);
    expect(twelve.low).toBeCloseTo(0.3866, 4);
    expect(twelve.high).toBeCloseTo(0.7812, 4);
    expect(dropInterval({ k: 20, n: 20 }, { k: 12, n: 20 }, z).low).toBeCloseTo(0.1575, 4);
    expect(dropInterval({ k: 20, n: 20 }, { k: 18, n: 20 }, z).low).toBeCloseTo(-0.0765, 4);
  });
});

describe('gateReports', () => {
  it('passes equal reports, with every soft case and metric compared', () => {
    const result = gateReports(evalRun(STEADY), evalRun(STEADY));
    expect(result.verdict).toBe('pass');
    expect(result.exitCode).toBe(0);
    expect(
      result.findings
        .filter((f) => f.kind === 'case')
        .map((f) => f.item)
        .sort(),
    ).toEqual(['case:chit-chat@baseline', 'case:forecast-oslo@baseline', 'case:invoice-lookup@baseline']);
    expect(finding(result, 'metric:selectionAccuracy@baseline').verdict).toBe('pass');
    expect(result.drift).toEqual([]);
  });

  it('fails a significant soft drop and gives both Wilson intervals', () => {
    const result = gateReports(evalRun(withCase('forecast-oslo', { passes: 12 })), evalRun(STEADY));
    expect(result.verdict).toBe('fail');
    expect(result.exitCode).toBe(1);
    const drop = finding(result, 'case:forecast-oslo@baseline');
    expect(drop.verdict).toBe('fail');
    expect(drop.baseline).toMatchObject({ k: 20, n: 20, rate: 1 });
    expect(drop.current).toMatchObject({ k: 12, n: 20, rate: 0.6 });
    expect(drop.current!.interval.high).toBeCloseTo(0.7812, 4);
    expect(drop.drop!.low).toBeCloseTo(0.1575, 4);
    expect(result.reason).toContain('case:forecast-oslo@baseline');
  });

  it('passes a small noisy drop that lies within the interval', () => {
    const result = gateReports(evalRun(withCase('forecast-oslo', { passes: 18 })), evalRun(STEADY));
    expect(result.verdict).toBe('pass');
    const noisy = finding(result, 'case:forecast-oslo@baseline');
    expect(noisy.verdict).toBe('pass');
    expect(noisy.reason).toMatch(/dropped 10 points, within the noise/);
    expect(result.drift.map((d) => d.id)).toEqual(['forecast-oslo']);
  });

  it('fails a hard case that missed one run, whatever the baseline', () => {
    const result = gateReports(evalRun(withCase('weather-paris', { passes: 19 })), evalRun(STEADY));
    expect(finding(result, 'case:weather-paris@baseline')).toMatchObject({ verdict: 'fail', rule: 'hard' });
    expect(result.exitCode).toBe(1);
  });

  it('fails a new MUST failure, tolerates an expected one, and gates the SHOULD score', () => {
    const checks = [
      makeCheck({ id: 'discover.responds' }),
      makeCheck({ id: 'discover.supported-versions' }),
      makeCheck({ id: 'tools.names' }),
      makeCheck({ id: 'http.get-405' }),
    ];
    const baseline = makeReport(checks);
    const failing = checks.map((c) =>
      c.id === 'discover.supported-versions' ? { ...c, status: 'fail' as const, message: 'lists 1900-01-01' } : c,
    );
    const mustFails = makeReport(failing);
    expect(finding(gateReports(mustFails, baseline), 'check:discover.supported-versions')).toMatchObject({ verdict: 'fail', rule: 'hard' });

    const tolerated = makeReport(failing, {}, { expectedFailures: ['discover.supported-versions'] });
    expect(gateReports(tolerated, baseline).verdict).toBe('pass');

    const shouldDrops = makeReport(checks.map((c) => (c.id === 'http.get-405' ? { ...c, status: 'warn' as const } : c)));
    const result = gateReports(shouldDrops, baseline);
    expect(finding(result, 'checks:should-score')).toMatchObject({ verdict: 'fail', baseline: { k: 2, n: 2 }, current: { k: 1, n: 2 } });
    expect(finding(result, 'checks:should-score').reason).toContain('http.get-405');
  });

  it('gates an added case on the rest: the new one is listed, not compared, not failing', () => {
    const current = evalRun([...STEADY, { id: 'refund-new', passes: 20, runs: 20 }], { goldenSha: 'b'.repeat(64) });
    const result = gateReports(current, evalRun(STEADY));
    expect(result.verdict).toBe('pass');
    expect(result.exitCode).toBe(0);
    expect(result.caseChanges).toEqual([
      { id: 'refund-new', model: 'baseline', change: 'new', reason: 'new: no baseline yet (the case is not in the baseline)' },
    ]);
    expect(result.findings.some((f) => f.item.includes('refund-new'))).toBe(false);
  });

  it('is inconclusive with too few samples, never a pass', () => {
    const few = STEADY.map((c) => ({ ...c, passes: Math.min(c.passes, 3), runs: 3 }));
    const result = gateReports(evalRun(few), evalRun(few));
    expect(result.verdict).toBe('inconclusive');
    expect(finding(result, 'case:forecast-oslo@baseline').reason).toContain('too few samples');
  });

  it('is inconclusive across servers and eras', () => {
    const legacy = assertPossibleReport({ ...evalRun(STEADY), target: { ...evalRun(STEADY).target, era: 'legacy' } });
    const result = gateReports(legacy, evalRun(STEADY));
    expect(result.verdict).toBe('inconclusive');
    expect(finding(result, 'comparability:target').reason).toContain('legacy era');
  });

  it('fails when over-activation rises significantly, pooled over the negative cases', () => {
    const negatives: CaseSpec[] = Array.from({ length: 6 }, (_, i) => ({ id: `negative-${i}`, passes: 10, runs: 10, negative: true }));
    const worse = negatives.map((c) => ({ ...c, passes: 8 }));
    const result = gateReports(evalRun(worse), evalRun(negatives));
    const rise = finding(result, 'metric:overActivationRate@baseline');
    expect(rise).toMatchObject({ verdict: 'fail', baseline: { k: 0, n: 60 }, current: { k: 12, n: 60 } });
    // No single case dropped significantly (10/10 -> 8/10 is noise), the pooled rate did.
    const caseFindings = result.findings.filter((f) => f.kind === 'case');
    expect(caseFindings).toHaveLength(negatives.length);
    expect(caseFindings.every((f) => f.verdict === 'pass')).toBe(true);
  });

  it('without a baseline: the hard rules still apply, and the rest is inconclusive', () => {
    const clean = gateWithoutBaseline(evalRun(STEADY), 'the baseline b.json does not exist');
    expect(clean).toMatchObject({ verdict: 'inconclusive', exitCode: 5, baseline: { unavailable: 'the baseline b.json does not exist' } });
    const broken = gateWithoutBaseline(evalRun(withCase('weather-paris', { passes: 0 })), 'no green run');
    expect(broken.verdict).toBe('fail');
  });
});
