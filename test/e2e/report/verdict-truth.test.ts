/**
 * A verdict that tells the whole truth (issue 10): a pass with items not passing says so in every
 * format, apart from the decision; a clean pass does not; and the list is one section or click away.
 */

import { describe, expect, it } from 'vitest';
import { gateReports } from '../../../src/gate/gate.js';
import { gateHeadline, renderGate } from '../../../src/gate/render.js';
import { renderHtml } from '../../../src/report/html/index.js';
import { parseReport, renderJson } from '../../../src/report/json.js';
import { renderMarkdown } from '../../../src/report/markdown.js';
import type { Report } from '../../../src/report/model.js';
import { verdictHeadline } from '../../../src/report/suite-state.js';
import { renderTerminal } from '../../../src/report/terminal.js';
import { FAILURE_LIST_MAX } from '../../../src/report/terminal-verdict.js';
import { makeCase, makeEval } from '../../helpers/eval-factory.js';
import { checkIds, makeCheck, makeReport, withSections } from '../../helpers/report-factory.js';

const BASELINE_RUN = '3f9c0a1b2c3d4e5f';

/**
 * `mcpgate run` under a gate, against a baseline run whose cases did as this one did: the gate passes,
 * so the run is green whatever is below its floor.
 */
function gated(report: Report): Report {
  return withSections(report, { gate: gateReports(report, report, undefined, { runId: BASELINE_RUN, exitCode: 0 }) });
}

/** Six soft cases at 0/5, one hard case passing: what a gate passes when nothing changed since the baseline. */
function passWithSoftFailures(): Report {
  const soft = Array.from({ length: 6 }, (_, i) => makeCase({ id: `soft-${i}`, model: 'baseline', kind: 'soft', passes: 0 }));
  return gated(
    makeReport([makeCheck({ id: 'discover.responds' })], { eval: makeEval([makeCase({ id: 'hard-ok', model: 'baseline' }), ...soft]) }),
  );
}

function cleanPass(): Report {
  return gated(makeReport([makeCheck({ id: 'discover.responds' })], { eval: makeEval([makeCase({ id: 'hard-ok', model: 'baseline' })]) }));
}

/** How a soft case at 0/5 is listed: its kind and its message, which names the reason of its samples. */
const SOFT_FAILURE = 'soft: 0/5 passed (needs 4): wrong tool (5 samples)';

describe('the verdict line', () => {
  it('separates the decision from the suite: PASS, and what is below its floor', () => {
    const known = passWithSoftFailures();
    expect(known.verdict.reason).toMatch(new RegExp(`^gate: no regression against run ${BASELINE_RUN} `));
    expect(verdictHeadline(known)).toBe(`PASS: ${known.verdict.reason}; 6 soft cases below their floor`);
    expect(verdictHeadline(cleanPass())).toBe(`PASS: ${cleanPass().verdict.reason}`);
  });

  it('terminal: the six cases listed above the verdict, printed once, not green', () => {
    const report = passWithSoftFailures();
    const out = renderTerminal(report, { color: true });
    const lines = out.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`\x1b[33mPASS: ${report.verdict.reason}; 6 soft cases below their floor (exit code 0)\x1b[39m`);
    expect(lines.slice(-9, -2).map((l) => l.replace(/\x1b\[\d+m/g, ''))).toEqual([
      'not passed (6):',
      ...Array.from({ length: 6 }, (_, i) => `  ✗ soft-${i}@baseline  ${SOFT_FAILURE}`),
    ]);
    expect(renderTerminal(cleanPass(), { color: true }).trimEnd().split('\n').at(-1)).toMatch(/^\x1b\[32mPASS/);
  });

  it('HTML: an amber badge "pass with known failures", the list one click away; a clean pass stays green', () => {
    const html = renderHtml(passWithSoftFailures());
    expect(html).toContain('<span class="verdict verdict-known" role="status">PASS WITH KNOWN FAILURES</span>');
    expect(html).toMatch(
      /<details class="not-passing" id="not-passing"><summary>6 not passing<\/summary><ul><li><code>soft-0@baseline<\/code>/,
    );
    const clean = renderHtml(cleanPass());
    expect(clean).toContain('<span class="verdict verdict-pass" role="status">PASS</span>');
    expect(clean).not.toContain('id="not-passing"');
  });

  it('Markdown: the clause in the heading and a section listing the cases', () => {
    const report = passWithSoftFailures();
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe(`## mcpgate: PASS: ${report.verdict.reason}; 6 soft cases below their floor (exit code 0)`);
    expect(md).toContain(`### Not passing (6)\n\n- \`soft-0@baseline\`: ${SOFT_FAILURE} (below-floor)`);
    expect(renderMarkdown(cleanPass())).not.toContain('Not passing');
  });

  it('JSON: verdict.suite beside the decision, in the contract', () => {
    const written = parseReport(renderJson(passWithSoftFailures()));
    expect(written.verdict.exitCode).toBe(0);
    expect(written.verdict.suite).toMatchObject({ state: 'not-all-pass', summary: '6 soft cases below their floor' });
    expect(written.verdict.suite!.notPassing).toHaveLength(6);
    expect(parseReport(renderJson(cleanPass())).verdict.suite).toEqual({ state: 'all-pass', summary: 'everything passed', notPassing: [] });
  });

  it('gate: a pass against an unchanged baseline names the baseline run and what stays below the floor', () => {
    const report = passWithSoftFailures();
    const result = gateReports(report, report, undefined, { runId: BASELINE_RUN, exitCode: 0 });
    expect(result.verdict).toBe('pass');
    expect(gateHeadline(result)).toMatch(
      /^PASS: no regression against run 3f9c0a1b2c3d4e5f \(2026-08-01T10:20:30.000Z\): \d+ item\(s\) compared, none dropped beyond max-drop 2 points, the same cases below their floor as then; 6 soft cases below their floor$/,
    );
  });
});

describe('terminal width', () => {
  it('cuts evidence lines and wraps messages to the width; the JSON keeps them whole', () => {
    const long = `${'x'.repeat(300)}`;
    const report = makeReport([
      makeCheck({ id: 'tools.call-error', status: 'fail', message: `${'word '.repeat(40)}end`, evidence: [{ received: long }] }),
    ]);
    for (const width of [60, 120]) {
      const lines = renderTerminal(report, { color: false, width }).split('\n');
      expect(lines.filter((l) => l.includes('xxx')).length).toBeGreaterThan(0);
      expect(lines.filter((l) => l.includes('xxx')).every((l) => l.length <= width)).toBe(true);
      expect(lines.filter((l) => l.includes('word')).every((l) => l.length <= width)).toBe(true);
      expect(lines.filter((l) => l.includes('word')).length).toBeGreaterThan(1);
    }
    expect(renderJson(report)).toContain(long);
  });
});

describe('the gate pass line and the cases below their floor', () => {
  it('says whether they are the ones of the baseline, or names the new ones', () => {
    const before = passWithSoftFailures();
    const same = gateReports(before, before, undefined, { runId: BASELINE_RUN });
    expect(same.reason).toMatch(/, the same cases below their floor as then$/);
    // hard-ok slips from 5/5 to 3/5, within a max-drop of 50 points: no failure, and it is named.
    const slipped = makeReport(before.checks, {
      eval: makeEval([makeCase({ id: 'hard-ok', model: 'baseline', kind: 'soft', passes: 3 }), ...before.eval!.cases.slice(1)]),
    });
    const result = gateReports(slipped, before, { maxDrop: 0.5, minSamples: 5, confidence: 0.95 }, { runId: BASELINE_RUN });
    expect(result.verdict).toBe('pass');
    expect(result.reason).toMatch(/, newly below their floor: hard-ok@baseline$/);
    expect(gateReports(cleanPass(), cleanPass()).reason).not.toContain('floor');
  });
});

describe('mcpgate gate output', () => {
  it('ends with what did not pass in the report, then its verdict once', () => {
    const report = passWithSoftFailures();
    const lines = renderGate(gateReports(report, report, undefined, { runId: BASELINE_RUN }))
      .trimEnd()
      .split('\n');
    expect(lines.at(-9)).toBe('not passed (6):');
    expect(lines.at(-3)).toBe(`  ✗ soft-5@baseline  ${SOFT_FAILURE}`);
    expect(lines.at(-2)).toBe('');
    expect(lines.at(-1)).toMatch(/^PASS: no regression against run 3f9c0a1b2c3d4e5f .*; 6 soft cases below their floor \(exit code 0\)$/);
    expect(lines.filter((l) => l.endsWith('(exit code 0)'))).toHaveLength(1);
  });
});

describe('a long failure list', () => {
  it('stops at FAILURE_LIST_MAX lines and says where the rest is', () => {
    // MUST checks a server that answered can fail, more of them than the list shows.
    const ids = checkIds({ level: 'MUST', transport: 'http' }).filter((id) => id !== 'discover.responds');
    expect(ids.length).toBeGreaterThan(FAILURE_LIST_MAX);
    const failing = ids.slice(0, FAILURE_LIST_MAX + 5);
    const report = makeReport([
      makeCheck({ id: 'discover.responds' }),
      ...failing.map((id) => makeCheck({ id, status: 'fail', message: 'bad' })),
    ]);
    const lines = renderTerminal(report, { color: false }).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`FAIL: ${report.verdict.reason} (exit code 1)`);
    expect(report.verdict.reason).toMatch(new RegExp(`^${FAILURE_LIST_MAX + 5} check\\(s\\) failed: `));
    expect(lines.at(-3)).toBe('  … 5 more in the JSON report (verdict.suite)');
    expect(lines.at(-4)).toBe(`  ✗ ${failing[FAILURE_LIST_MAX - 1]}  MUST: bad`);
    expect(lines.at(-FAILURE_LIST_MAX - 4)).toBe(`not passed (${FAILURE_LIST_MAX + 5}):`);
  });
});
