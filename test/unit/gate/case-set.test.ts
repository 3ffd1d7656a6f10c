/**
 * Golden-set edits and model changes under the gate: pairs of case and model are matched by id and
 * content hash; new, removed and changed pairs are listed and never compared, and the gate decides on
 * the rest. Inconclusive stays for real reasons only.
 */

import { describe, expect, it } from 'vitest';
import { caseSha256 } from '../../../src/behavior/golden/case-sha.js';
import { parseGoldenSet } from '../../../src/behavior/golden/index.js';
import { matchCases } from '../../../src/gate/case-set.js';
import { gateReports } from '../../../src/gate/gate.js';
import type { GateResult } from '../../../src/gate/types.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';
import { makeCheck, makeReport } from '../../helpers/report-factory.js';

const STEADY: CaseSpec[] = [
  { id: 'weather-paris', kind: 'hard', passes: 20, runs: 20 },
  { id: 'forecast-oslo', passes: 20, runs: 20 },
  { id: 'invoice-lookup', passes: 18, runs: 20 },
  { id: 'chit-chat', passes: 20, runs: 20, negative: true },
];

/** The golden set edited three ways: refund-new added, invoice-lookup's prompt edited, chit-chat removed. */
function edited(change: Partial<Record<string, Partial<CaseSpec>>> = {}): CaseSpec[] {
  const cases: CaseSpec[] = [
    STEADY[0]!,
    STEADY[1]!,
    { ...STEADY[2]!, definition: 'invoice-lookup, reworded' },
    { id: 'refund-new', passes: 20, runs: 20 },
  ];
  return cases.map((c) => ({ ...c, ...change[c.id] }));
}

const EDITED_SHA = { goldenSha: 'b'.repeat(64) };

function items(result: GateResult, verdict?: GateResult['verdict']): string[] {
  return result.findings
    .filter((f) => verdict === undefined || f.verdict === verdict)
    .map((f) => f.item)
    .sort();
}

describe('caseSha256: the case as scored', () => {
  const CASE = [
    'defaults:',
    '  runs: 5',
    'cases:',
    '  - id: plan',
    '    prompt: Which plan is customer CUS-003 on?',
    '    expect_tool: lookup_customer',
    '    expect_args: {customer_id: CUS-003}',
    '    tags: [customers]',
    '',
  ].join('\n');
  const shaOf = (text: string): string => caseSha256(parseGoldenSet(text, 'tasks.yaml').cases.find((c) => c.id === 'plan')!);
  const base = shaOf(CASE);

  it.each<[string, boolean, string]>([
    ['the same text', true, CASE],
    ['another tag', true, CASE.replace('tags: [customers]', 'tags: [billing, customers]')],
    ['moved down the file', true, CASE.replace('cases:\n', 'cases:\n  - id: other\n    prompt: hi\n    expect_tool: null\n')],
    [
      'keys in another order',
      true,
      CASE.replace('    expect_args: {customer_id: CUS-003}\n', '').replace(
        '  - id: plan\n',
        '  - id: plan\n    expect_args: {customer_id: CUS-003}\n',
      ),
    ],
    ['the prompt reworded', false, CASE.replace('Which plan', 'What plan')],
    ['another expected argument', false, CASE.replace('{customer_id: CUS-003}', '{customer_id: CUS-002}')],
    ['another expected tool', false, CASE.replace('expect_tool: lookup_customer', 'expect_tool: search_invoices')],
    ['the default runs changed', false, CASE.replace('runs: 5', 'runs: 10')],
    ['min_passes set', false, CASE.replace('  runs: 5', '  runs: 5\n  min_passes: 3')],
    ['made hard', false, CASE.replace('    tags:', '    kind: hard\n    tags:')],
    ['a rubric added', false, CASE.replace('    tags:', '    rubric: Says the free plan.\n    tags:')],
    ['a forbidden tool added', false, CASE.replace('    tags:', '    forbid_tools: [create_invoice]\n    tags:')],
  ])('%s (the same case: %s)', (_name, same, text) => {
    expect(shaOf(text) === base).toBe(same);
  });
});

describe('matchCases', () => {
  it.each<[string, CaseSpec[], CaseSpec[], Array<[string, string]>, string[]]>([
    ['an unchanged set compares every pair', STEADY, STEADY, [], ['chit-chat', 'forecast-oslo', 'invoice-lookup', 'weather-paris']],
    [
      'an added, a changed and a removed case',
      STEADY,
      edited(),
      [
        ['invoice-lookup@baseline', 'changed: not compared (the case was edited since the baseline)'],
        ['refund-new@baseline', 'new: no baseline yet (the case is not in the baseline)'],
        ['chit-chat@baseline', 'removed (the case is not in this run)'],
      ],
      ['forecast-oslo', 'weather-paris'],
    ],
    [
      'a model added: its pairs are new, the other model is compared',
      STEADY.slice(0, 2),
      [...STEADY.slice(0, 2), ...STEADY.slice(0, 2).map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }))],
      [
        ['weather-paris@openai:gpt-4.1-mini', 'new: no baseline yet (the model is not in the baseline)'],
        ['forecast-oslo@openai:gpt-4.1-mini', 'new: no baseline yet (the model is not in the baseline)'],
      ],
      ['forecast-oslo', 'weather-paris'],
    ],
    [
      'a model removed: its pairs are removed',
      [...STEADY.slice(0, 1), ...STEADY.slice(0, 1).map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }))],
      STEADY.slice(0, 1),
      [['weather-paris@openai:gpt-4.1-mini', 'removed (the model is not in this run)']],
      ['weather-paris'],
    ],
    [
      'a moved or retagged case (same content hash) is the same case',
      STEADY,
      STEADY.map((c) => ({ ...c, definition: `case ${c.id}` })),
      [],
      ['chit-chat', 'forecast-oslo', 'invoice-lookup', 'weather-paris'],
    ],
  ])('%s', (_name, before, after, changes, compared) => {
    const match = matchCases(evalRun(after, EDITED_SHA), evalRun(before));
    expect(match.unknown).toBeUndefined();
    expect(match.changes.map((c) => [`${c.id}@${c.model}`, c.reason])).toEqual(changes);
    expect(match.changes.map((c) => c.change)).toEqual(changes.map(([, reason]) => reason.split(/[: ]/)[0]));
    expect(match.compared.map((p) => p.current.id).sort()).toEqual(compared);
  });

  it('reports without case hashes match on the golden sha alone, and cannot be matched across an edit', () => {
    const old = STEADY.map((c) => ({ ...c, definition: null }));
    expect(matchCases(evalRun(old), evalRun(old)).compared).toHaveLength(4);
    const across = matchCases(evalRun(STEADY, EDITED_SHA), evalRun(old));
    expect(across.compared).toEqual([]);
    expect(across.unknown).toContain('does not say which cases changed');
  });
});

describe('gateReports on an edited golden set', () => {
  it('passes (exit 0) on the rest when the rest is unchanged, listing the pairs it left out', () => {
    const result = gateReports(evalRun(edited(), EDITED_SHA), evalRun(STEADY));
    expect(items(result, 'inconclusive')).toEqual([]);
    expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(items(result).filter((i) => i.startsWith('case:'))).toEqual(['case:forecast-oslo@baseline']);
    expect(result.caseChanges!.map((c) => `${c.change} ${c.id}`)).toEqual([
      'changed invoice-lookup',
      'new refund-new',
      'removed chit-chat',
    ]);
    expect(result.reason).toMatch(/, not compared: 1 new, 1 changed, 1 removed$/);
  });

  it('does not call a new case below its floor "newly below": it has no baseline to be below since', () => {
    const result = gateReports(evalRun(edited({ 'refund-new': { passes: 0 } }), EDITED_SHA), evalRun(STEADY));
    expect(result.verdict).toBe('pass');
    expect(result.reason).not.toContain('newly below');
    expect(result.suite?.summary).toContain('below its floor');
    // A compared case that fell below its floor without a significant drop is still named.
    const near = evalRun(STEADY.map((c) => (c.id === 'forecast-oslo' ? { ...c, passes: 18 } : c)));
    const slipped = gateReports(evalRun(edited({ 'forecast-oslo': { passes: 15 } }), EDITED_SHA), near);
    expect(slipped.verdict).toBe('pass');
    expect(slipped.reason).toContain('newly below their floor: forecast-oslo@baseline');
  });

  it('fails (exit 1) when a compared case regressed, never inconclusive', () => {
    const result = gateReports(evalRun(edited({ 'forecast-oslo': { passes: 10 } }), EDITED_SHA), evalRun(STEADY));
    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(items(result, 'fail')).toContain('case:forecast-oslo@baseline');
    expect(items(result, 'inconclusive')).toEqual([]);
  });

  it('does not compare a changed case, however far its rate moved, nor count it as drift', () => {
    const result = gateReports(evalRun(edited({ 'invoice-lookup': { passes: 0 } }), EDITED_SHA), evalRun(STEADY));
    expect(result.verdict).toBe('pass');
    expect(result.drift).toEqual([]);
  });

  it('still fails a hard case on its own result, new or changed', () => {
    const newHard = evalRun([...STEADY, { id: 'refund-new', kind: 'hard', passes: 19, runs: 20 }], EDITED_SHA);
    const result = gateReports(newHard, evalRun(STEADY));
    expect(items(result, 'fail')).toEqual(['case:refund-new@baseline']);
    expect(result.caseChanges).toEqual([expect.objectContaining({ id: 'refund-new', change: 'new' })]);

    const changedHard = evalRun(
      STEADY.map((c) => (c.id === 'weather-paris' ? { ...c, passes: 0, definition: 'reworded' } : c)),
      EDITED_SHA,
    );
    expect(items(gateReports(changedHard, evalRun(STEADY)), 'fail')).toEqual(['case:weather-paris@baseline']);
  });

  it('pools the suite metrics over the compared pairs only', () => {
    // Pooled over every case, selection would fall from 40/40 to 20/40; over the pair compared, it holds.
    const before = evalRun([STEADY[1]!, { id: 'dropped-easy', passes: 20, runs: 20 }]);
    const after = evalRun([STEADY[1]!, { id: 'added-hard', passes: 0, runs: 20 }], EDITED_SHA);
    const result = gateReports(after, before);
    expect(result.findings.find((f) => f.item === 'metric:selectionAccuracy@baseline')).toMatchObject({
      verdict: 'pass',
      baseline: { k: 20, n: 20 },
      current: { k: 20, n: 20 },
    });
    expect(result.verdict).toBe('pass');
  });

  it('keeps inconclusive for real reasons: too few samples on a compared case', () => {
    const few = edited({ 'forecast-oslo': { passes: 3, runs: 3 } });
    const result = gateReports(
      evalRun(few, EDITED_SHA),
      evalRun(STEADY.map((c) => (c.id === 'forecast-oslo' ? { ...c, runs: 3, passes: 3 } : c))),
    );
    expect(items(result, 'inconclusive')).toContain('case:forecast-oslo@baseline');
    expect(result.exitCode).toBe(5);
  });

  it('is inconclusive across an edit when a report has no case hashes (an earlier mcpgate wrote it)', () => {
    const old = evalRun(
      STEADY.map((c) => ({ ...c, definition: null })),
      {},
    );
    const result = gateReports(evalRun(edited(), EDITED_SHA), old);
    expect(result.findings.find((f) => f.item === 'comparability:golden')?.reason).toContain('does not say which cases changed');
    expect(result.exitCode).toBe(5);
    expect(result.caseChanges).toBeUndefined();
  });
});

describe('gateReports with models added or removed', () => {
  const twoModels = [...STEADY, ...STEADY.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }))];

  it('passes on the model both runs share when one is added, and fails when that model regressed', () => {
    const added = gateReports(evalRun(twoModels), evalRun(STEADY));
    expect(added).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(added.caseChanges).toHaveLength(STEADY.length);
    expect(added.caseChanges!.every((c) => c.change === 'new' && c.model === 'openai:gpt-4.1-mini')).toBe(true);
    expect(added.caseChanges).toHaveLength(4);
    expect(items(added).some((i) => i.includes('gpt-4.1-mini'))).toBe(false);

    const regressed = twoModels.map((c) => (c.id === 'forecast-oslo' && !c.model ? { ...c, passes: 8 } : c));
    expect(items(gateReports(evalRun(regressed), evalRun(STEADY)), 'fail')).toContain('case:forecast-oslo@baseline');
  });

  it('passes when a model is removed, listing its pairs as removed', () => {
    const removed = gateReports(evalRun(STEADY), evalRun(twoModels));
    expect(removed).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(removed.caseChanges!.map((c) => c.reason)).toEqual(Array(4).fill('removed (the model is not in this run)'));
  });

  it('is inconclusive when nothing at all is left to compare (every pair new or removed, no checks)', () => {
    const swapped = gateReports(evalRun(STEADY.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' }))), evalRun(STEADY));
    expect(swapped.exitCode).toBe(5);
    expect(swapped.findings.find((f) => f.item === 'cases:none-compared')?.reason).toBe(
      'no case x model pair of this run is in the baseline with the same definition (4 new, 4 removed), and there is nothing else to compare',
    );
  });

  it('but decides on the checks when layer 0 ran on both sides', () => {
    const checks = [makeCheck({ id: 'discover.responds' }), makeCheck({ id: 'tools.names' })];
    // The same eval run, with layer 0 run first (as `mcpgate run` does): summary and verdict recomputed.
    const withChecks = ({ checks: _none, summary: _summary, verdict: _verdict, ...sections }: ReturnType<typeof evalRun>) =>
      makeReport(checks, sections);
    const result = gateReports(
      withChecks(evalRun(STEADY.map((c) => ({ ...c, model: 'openai:gpt-4.1-mini' })))),
      withChecks(evalRun(STEADY)),
    );
    expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(items(result)).toContain('checks:should-score');
  });
});
