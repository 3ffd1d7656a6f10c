/**
 * The page builders over a history recorded through the real store (gate-factory reports): the runs
 * list with its baseline marks and filters, a run against its baseline (at the time, not now), two
 * runs compared line by line beside the gate, a case over time with its drift labels, the confusions
 * over time, and the paths of the pages.
 */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordAcceptance } from '../../../src/gate/accepted.js';
import { gateReports } from '../../../src/gate/gate.js';
import { recordRun } from '../../../src/gate/history.js';
import type { Report } from '../../../src/report/model.js';
import { baselineOf, currentMarks } from '../../../src/view/baselines.js';
import { caseHistory, newestFailing, passingBeside } from '../../../src/view/case-history.js';
import { compareRuns } from '../../../src/view/comparison.js';
import { confusionHistory } from '../../../src/view/confusion-history.js';
import { HistoryIndex, type IndexSnapshot } from '../../../src/view/history-index.js';
import { exportedRoutes, parseRoute, renderRoute, routePath, type Route } from '../../../src/view/routes.js';
import { evalRun, type CaseSpec } from '../../helpers/gate-factory.js';
import { withSections } from '../../helpers/report-factory.js';

const day = (n: number): string => `2026-08-0${n}T10:00:00.000Z`;
const SERVER_B = 'b'.repeat(64);

interface Built {
  index: HistoryIndex;
  snapshot: IndexSnapshot;
  ids: string[];
  dir: string;
}

/**
 * Runs recorded in order; each may change the server's tools, and may have been gated (as `mcpgate run`
 * gates) against an earlier one. A failing run of a case called get_forecast instead of get_weather,
 * so each run carries that confusion once per failing run.
 */
function build(runs: Array<{ cases: CaseSpec[]; toolsSha256?: string; gatedAgainst?: number }>): Built {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-view-pages-'));
  const ids: string[] = [];
  const reports: Report[] = [];
  runs.forEach((run, i) => {
    const measured = evalRun(run.cases, { startedAt: day(i + 1), ...(run.toolsSha256 ? { toolsSha256: run.toolsSha256 } : {}) });
    const against = run.gatedAgainst;
    const report =
      against === undefined
        ? measured
        : withSections(measured, { gate: gateReports(measured, reports[against]!, undefined, { runId: ids[against]!, exitCode: 0 }) });
    reports.push(report);
    ids.push(recordRun(dir, report).entry.runId);
  });
  const index = new HistoryIndex(dir);
  return { index, snapshot: index.snapshot(), ids, dir };
}

const html = (b: Built, route: Route, served = true): string =>
  renderRoute(b.index, b.index.snapshot(), route, { served, historyDir: b.dir }).html;

describe('the paths of the pages', () => {
  it('takes only the forms it writes: fixed names and 16 hex digits', () => {
    const id = '0123456789abcdef';
    expect(parseRoute('')).toEqual({ kind: 'runs' });
    expect(parseRoute('index.html')).toEqual({ kind: 'runs' });
    expect(parseRoute(`run/${id}.html`)).toEqual({ kind: 'run', runId: id });
    expect(parseRoute(`compare/${id}.html`)).toEqual({ kind: 'against-baseline', runId: id });
    expect(parseRoute(`compare/${id}-${id}.html`)).toEqual({ kind: 'compare', before: id, after: id });
    expect(parseRoute(`case/${id}.html`)).toEqual({ kind: 'case', key: id });
    for (const path of [
      `run/${id.toUpperCase()}.html`,
      `run/../${id}.html`,
      `run/${id}`,
      `run/${id}.html/x`,
      'index.htm',
      `run/${id}0.html`,
      `x/run/${id}.html`,
      '%2e%2e/index.html',
    ])
      expect({ path, route: parseRoute(path) }).toEqual({ path, route: undefined });
  });

  it('writes each route to the file its links name', () => {
    const b = build([{ cases: [{ id: 'weather', passes: 20, runs: 20 }] }]);
    const routes = exportedRoutes(b.snapshot);
    expect(routes.map(routePath)).toEqual([
      'index.html',
      'cases.html',
      'confusions.html',
      `run/${b.ids[0]}.html`,
      `compare/${b.ids[0]}.html`,
      expect.stringMatching(/^case\/[0-9a-f]{16}\.html$/),
    ]);
    for (const route of routes) expect(parseRoute(routePath(route))).toEqual(route);
  });
});

describe('the runs list', () => {
  it('lists runs newest first and marks the baseline a next run would take, and why', () => {
    const b = build([{ cases: [{ id: 'weather', passes: 20, runs: 20 }] }, { cases: [{ id: 'weather', passes: 2, runs: 20 }] }]);
    const page = html(b, { kind: 'runs' });
    const rows = [...page.matchAll(/<tr data-run="([0-9a-f]{16})"/g)].map((m) => m[1]);
    expect(rows).toEqual([b.ids[1], b.ids[0]]);
    expect(page).toMatch(
      new RegExp(`<tr data-run="${b.ids[0]}"[^]*?<span class="mark"[^>]*>baseline</span> <span class="muted">the last green run</span>`),
    );
    expect(page).toContain('data-verdict="fail"');
    expect(page).toContain('<option value="baseline">baseline</option>');
    expect(page).toContain('<input type="radio" name="view-before"');
    expect(html(b, { kind: 'runs' }, false)).not.toContain('<input type="radio"');
  });

  it('says why an accepted run is the baseline, and that an empty history has none', () => {
    const b = build([{ cases: [{ id: 'weather', passes: 20, runs: 20 }] }, { cases: [{ id: 'weather', passes: 2, runs: 20 }] }]);
    recordAcceptance(b.dir, b.ids[1]!, 'the drop is intended', new Date('2026-08-09T00:00:00.000Z'));
    expect(currentMarks(b.index.snapshot()).get(b.ids[1]!)![0]!.why).toBe(
      'accepted by hand on 2026-08-09T00:00:00.000Z: "the drop is intended"',
    );
    expect(html(b, { kind: 'runs' })).toContain('accepted by hand on 2026-08-09T00:00:00.000Z: &quot;the drop is intended&quot;');
    const empty = build([]);
    expect(html(empty, { kind: 'runs' })).toContain('No runs recorded in');
  });
});

describe("a run's baseline", () => {
  it('is the run its gate compared with, else the green run before it, never a later one', () => {
    const b = build([
      { cases: [{ id: 'weather', passes: 20, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 19, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 2, runs: 20 }], gatedAgainst: 0 },
      { cases: [{ id: 'weather', passes: 20, runs: 20 }] },
    ]);
    const [first, second, third, fourth] = b.snapshot.runs;
    expect(baselineOf(b.snapshot, third!)).toMatchObject({ run: { runId: first!.runId }, why: 'the run its gate compared with' });
    expect(baselineOf(b.snapshot, fourth!)).toMatchObject({
      run: { runId: second!.runId },
      why: 'the last green run before this run started',
    });
    expect(baselineOf(b.snapshot, first!)).toEqual({
      none: 'no green or accepted run of the same server and models was recorded before it',
    });
    expect(html(b, { kind: 'against-baseline', runId: first!.runId })).toContain('has no baseline to compare with');
    const newest = new HistoryIndex(b.dir, 2).snapshot();
    expect(baselineOf(newest, newest.byId.get(third!.runId)!)).toEqual({
      none: `its gate compared with run ${first!.runId}, which is not among the runs shown (pruned, or left out by --last)`,
    });
  });
});

describe('two runs compared', () => {
  it('lines up every case and model beside the gate: failures first, held hard cases, new and removed pairs', async () => {
    const before = evalRun([
      { id: 'weather', passes: 20, runs: 20 },
      { id: 'paris', kind: 'hard', passes: 20, runs: 20 },
      { id: 'gone', passes: 20, runs: 20 },
    ]);
    const after = evalRun(
      [
        { id: 'weather', passes: 4, runs: 20 },
        { id: 'paris', kind: 'hard', passes: 20, runs: 20 },
        { id: 'fresh', passes: 20, runs: 20 },
      ],
      { toolsSha256: SERVER_B, startedAt: day(2) },
    );
    const { gate, cases, config } = compareRuns(before, after, { runId: '0123456789abcdef' });
    expect(gate.verdict).toBe('fail');
    expect(cases.map((c) => [c.id, c.finding?.verdict ?? c.change?.change ?? '-', c.drift ?? '-'])).toEqual([
      ['weather', 'fail', 'regression'],
      ['fresh', 'new', '-'],
      ['gone', 'removed', '-'],
      ['paris', '-', '-'],
    ]);
    expect(cases[0]!.before).toMatchObject({ k: 20, n: 20 });
    expect(cases[0]!.after!.interval.high).toBeLessThan(0.45);
    expect(config.filter((c) => c.before !== c.after).map((c) => c.what)).toEqual(['tools', 'started']);
  });

  it('shows a held hard case as a pass and a dropped soft case with its interval on the page', () => {
    const b = build([
      {
        cases: [
          { id: 'weather', passes: 20, runs: 20 },
          { id: 'paris', kind: 'hard', passes: 20, runs: 20 },
        ],
      },
      {
        cases: [
          { id: 'weather', passes: 4, runs: 20 },
          { id: 'paris', kind: 'hard', passes: 20, runs: 20 },
        ],
      },
    ]);
    const page = html(b, { kind: 'against-baseline', runId: b.ids[1]! });
    expect(page).toMatch(
      /<tr data-case="weather@baseline" data-decision="fail">[^]*?20\/20 100% \[83\.9%, 100%\][^]*?4\/20 20% \[8\.1%, 41\.6%\][^]*?model drift \(server unchanged\)/,
    );
    expect(page).toMatch(/<tr data-case="paris@baseline" data-decision="none">[^]*?<span class="st st-pass">PASS<\/span>/);
    expect(html(b, { kind: 'compare', before: b.ids[1]!, after: b.ids[0]! })).toContain('swap before and after');
  });
});

describe('a case over time', () => {
  it('labels each drop as the gate labels drift, and picks a failing run and a passing one to set side by side', () => {
    const b = build([
      { cases: [{ id: 'weather', passes: 20, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 12, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 12, runs: 20 }], toolsSha256: SERVER_B },
      { cases: [{ id: 'weather', passes: 0, runs: 20 }], toolsSha256: SERVER_B },
      { cases: [{ id: 'weather', passes: 0, runs: 20 }], toolsSha256: 'c'.repeat(64) },
    ]);
    const [history] = caseHistory(b.snapshot, b.snapshot.runs[0]!.target, 'weather').models;
    expect(history!.points.map((p) => [p.rate.k, p.drop ?? '-', p.serverChanged])).toEqual([
      [20, '-', false],
      [12, 'model-drift', false],
      [12, '-', true],
      [0, 'model-drift', false],
      [0, '-', true],
    ]);
    const failing = newestFailing(history!.points)!;
    expect(failing.run.runId).toBe(b.ids[4]);
    expect(passingBeside(history!.points, failing)!.run.runId).toBe(b.ids[2]);
    const page = html(
      b,
      exportedRoutes(b.snapshot).find((r) => r.kind === 'case')!,
    );
    expect(page).toContain('dropped, server unchanged: model drift');
    expect(page).toContain('<span class="mark mark-server">server changed</span>');
    expect(page).toMatch(/aria-label="pass rate over time of weather with baseline: 100%, 60%, 60%, 0%, 0%"/);
  });
});

describe('confusions over time', () => {
  it('says when a confusion first occurred and since when it occurred in every run', () => {
    const b = build([
      { cases: [{ id: 'weather', passes: 18, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 20, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 17, runs: 20 }] },
      { cases: [{ id: 'weather', passes: 15, runs: 20 }] },
    ]);
    const [server] = confusionHistory(b.snapshot);
    const [series] = server!.series;
    expect(series).toMatchObject({ model: 'baseline', expected: 'get_weather', chosen: 'get_forecast', counts: [2, 0, 3, 5] });
    expect(series!.firstSeen.runId).toBe(b.ids[0]);
    expect(series!.since!.runId).toBe(b.ids[2]);
    expect(html(b, { kind: 'confusions' })).toContain('<td>3 of 4</td>');
  });
});
