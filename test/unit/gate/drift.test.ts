/** Drift labels: a drop on an unchanged server is model drift; after a server change, a regression. */

import { describe, expect, it } from 'vitest';
import { driftLabel, driftReport } from '../../../src/gate/drift.js';
import { gateReports } from '../../../src/gate/gate.js';
import { toHistoryEntry } from '../../../src/gate/history-entry.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';

const BEFORE: CaseSpec[] = [
  { id: 'forecast-oslo', passes: 20, runs: 20 },
  { id: 'invoice-lookup', passes: 15, runs: 20 },
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
];
const AFTER: CaseSpec[] = [
  { id: 'forecast-oslo', passes: 10, runs: 20 },
  { id: 'invoice-lookup', passes: 17, runs: 20 },
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
];

describe('driftReport', () => {
  it('labels only the cases that dropped, model-drift when the fingerprint is unchanged', () => {
    const previous = toHistoryEntry(evalRun(BEFORE));
    expect(driftReport(evalRun(AFTER), previous)).toEqual([
      { id: 'forecast-oslo', model: 'baseline', baseline: { k: 20, n: 20 }, current: { k: 10, n: 20 }, label: 'model-drift' },
    ]);
  });

  it('labels a drop a regression when the tools or the server version changed', () => {
    const previous = toHistoryEntry(evalRun(BEFORE));
    expect(driftReport(evalRun(AFTER, { toolsSha256: '0'.repeat(64) }), previous)[0]!.label).toBe('regression');
    expect(driftReport(evalRun(AFTER, { serverVersion: '1.3.0' }), previous)[0]!.label).toBe('regression');
  });

  it('cannot attribute a drop without both fingerprints', () => {
    expect(driftLabel(undefined, { toolsSha256: 'f'.repeat(64), toolCount: 5 })).toBe('unattributed');
  });

  it('puts the label on the gate finding of the case, which still fails', () => {
    const result = gateReports(evalRun(AFTER, { toolsSha256: '0'.repeat(64) }), evalRun(BEFORE));
    const oslo = result.findings.find((f) => f.item === 'case:forecast-oslo@baseline')!;
    expect(oslo).toMatchObject({ verdict: 'fail', drift: 'regression' });
    expect(result.drift).toHaveLength(1);
    expect(result.verdict).toBe('fail');
  });
});
