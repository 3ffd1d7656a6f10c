import { describe, it, expect } from 'vitest';
import { MARKDOWN_MAX_CHARS, renderMarkdown } from '../../../src/report/markdown.js';
import type { Report } from '../../../src/report/model.js';
import { checkIds, makeCheck, makeCoverage, makeReport } from '../../helpers/report-factory.js';
import { historyOf, makeCase, makeEval, makeTelemetry } from '../../helpers/eval-factory.js';

const XSS = '<img src=x onerror=alert(1)>';

const FAILING = makeCheck({
  id: 'discover.result-shape',
  status: 'fail',
  message: 'expected serverInfo, saw none',
  fix: 'Return serverInfo.',
});
const WARNING = makeCheck({ id: 'http.get-405', status: 'warn', message: 'GET answered 200' });
const SKIPPED = makeCheck({ id: 'http.delete-405', status: 'skip', message: 'not applicable' });
const ERRORED = makeCheck({ id: 'tools.list-static', status: 'error', message: 'mcpgate could not run this check: socket hang up' });

const TARGET: Report['target'] = {
  transport: 'http',
  endpoint: 'http://127.0.0.1:3000/mcp',
  era: 'modern',
  fingerprint: { toolsSha256: 'f'.repeat(64), toolCount: 3, serverName: 'ref', serverVersion: '1' },
};

/**
 * A run of layers 0 and 1: a check of each status, and on two models a hard case (weather) and a
 * negative soft case (no-tool) that the baseline could not score.
 */
function evalReport(sections: Parameters<typeof makeReport>[1] = {}): Report {
  return makeReport([makeCheck({ id: 'discover.supported-versions' }), FAILING, WARNING, SKIPPED, ERRORED], {
    target: TARGET,
    eval: makeEval(
      [
        makeCase({ id: 'weather', model: 'openai:gpt-4.1-mini' }),
        makeCase({ id: 'weather', model: 'baseline', passes: 3 }),
        makeCase({ id: 'no-tool', model: 'openai:gpt-4.1-mini', passes: 4, kind: 'soft', negative: true }),
        makeCase({ id: 'no-tool', model: 'baseline', passes: 0, errors: 5, kind: 'soft', negative: true }),
      ],
      { 'openai:gpt-4.1-mini': makeTelemetry(1200, 0.1234), baseline: makeTelemetry(3, null) },
    ),
    ...sections,
  });
}

/** Table cells of the first row whose first cell is `first`, split on unescaped pipes. */
function row(markdown: string, first: string): string[] {
  const line = markdown.split('\n').find((l) => l.startsWith(`| ${first} `));
  expect(line, `a table row starting with ${first}`).toBeDefined();
  return line!
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe('renderMarkdown', () => {
  it('puts the coverage line under the conformance totals, whole, with server names escaped', () => {
    const coverage = makeCoverage({
      capped: Array.from({ length: 8 }, (_, i) => `cap number ${i} stopped reading (raise it with --knob-${i})`),
    });
    const md = renderMarkdown(evalReport({ coverage }));
    const lines = md.split('\n');
    const totals = lines.findIndex((line) => line.startsWith('5 checks: '));
    expect(lines.indexOf('### Conformance (layer 0)')).toBeLessThan(totals);
    expect(lines[totals + 1]).toBe('');
    const line = lines[totals + 2]!;
    expect(line).toMatch(/^coverage: tools called 0 of 25 \(22 not annotated read-only: "search", "fetch", "summarise"/);
    // Longer than a table cell (240 characters) and not cut: the last cap and the way to widen are there.
    expect(line.length).toBeGreaterThan(400);
    expect(line).toContain(
      '--knob-7). Widen it: name calls under check.calls in mcpgate.yaml, or pass --allow-tool NAME for a tool that is safe to call.',
    );
    expect(line).toContain('"delete\\_file"');
    expect(renderMarkdown(evalReport())).not.toContain('coverage:');
  });

  it('leads with the verdict and lists only checks needing attention, most urgent first', () => {
    const report = evalReport();
    const md = renderMarkdown(report);
    expect(md.split('\n')[0]).toBe(`## mcpgate: FAIL: ${report.verdict.reason} (exit code 1)`);
    expect(report.verdict.reason).toBe(`layer 0: 1 check(s) failed: ${FAILING.id}`);
    expect(md).not.toMatch(/[\u{1F300}-\u{1FAFF}\u2705\u274C]/u);

    const attention = md.slice(md.indexOf('| Status | Check | Level | Message | Spec |'), md.indexOf('<details>'));
    const ids = [...attention.matchAll(/^\| [^|]+ \| `([^`]+)`/gm)].map((m) => m[1]);
    expect(ids).toEqual([FAILING.id, ERRORED.id, WARNING.id]);
    expect(row(md, 'fail')).toEqual([
      'fail',
      `\`${FAILING.id}\``,
      'MUST',
      'expected serverInfo, saw none Fix: Return serverInfo.',
      `[spec](${FAILING.specRef})`,
    ]);

    const details = md.slice(md.indexOf('<details><summary>All 5 checks</summary>'), md.indexOf('</details>'));
    expect(details).toContain('`discover.supported-versions`');
    expect(details).toContain(`\`${SKIPPED.id}\``);
  });

  it('gives the eval scores per model, with unknown cost as "unknown" and latency percentiles', () => {
    const md = renderMarkdown(evalReport());
    // Both cases passed; weather picked right 5 of 5; no-tool called a tool 1 of 5; no case expects arguments;
    // pass^5 is 1 for weather and 0 for no-tool (4/5).
    expect(row(md, 'openai:gpt-4.1-mini')).toEqual([
      'openai:gpt-4.1-mini',
      '2/2',
      '100%',
      '20%',
      'n/a',
      'n/a',
      'not measured',
      '50%',
      '$0.12',
      '1.20 s',
      '2.40 s',
    ]);
    const baseline = row(md, 'baseline (lexical baseline)');
    expect(baseline[8]).toBe('unknown');
    expect(baseline[9]).toBe('3 ms');

    expect(row(md, 'weather')).toEqual(['weather', '5/5', '3/5 (fail, flaky)']);
    expect(row(md, 'no-tool')).toEqual(['no-tool', '4/5 (flaky)', 'error']);
    expect(md).toContain('**Flaky cases**');
    expect(md).toMatch(/^- weather with baseline: 3\/5 \(fail\)/m);
  });

  it('compares each case with the newest earlier green run and labels drops by server fingerprint', () => {
    const report = evalReport();
    // An earlier green run: every check passed, weather was 4/5 on the model (its floor 4) and 5/5 on the baseline.
    const past = makeReport(
      [SKIPPED, FAILING, WARNING, ERRORED].map(({ id }) => makeCheck({ id })),
      {
        target: TARGET,
        eval: makeEval([
          makeCase({ id: 'weather', model: 'openai:gpt-4.1-mini', passes: 4, required: 4 }),
          makeCase({ id: 'weather', model: 'baseline', passes: 5 }),
          makeCase({ id: 'no-tool', model: 'openai:gpt-4.1-mini', passes: 4, kind: 'soft', negative: true }),
          makeCase({ id: 'retired', model: 'baseline' }),
        ]),
      },
    );
    expect(past.verdict.exitCode).toBe(0);
    const base = historyOf(past, { runId: 'green-1', startedAt: '2026-07-31T00:00:00.000Z' });
    const older = historyOf(past, { runId: 'green-0', startedAt: '2026-07-01T00:00:00.000Z', cases: [] });
    const red = historyOf(report, { runId: 'red', startedAt: '2026-07-31T12:00:00.000Z', cases: [] });
    const later = historyOf(past, { runId: 'future', startedAt: '2026-09-01T00:00:00.000Z', cases: [] });

    const md = renderMarkdown(report, [older, base, red, later]);
    expect(md).toContain('Compared with run green-1 of 2026-07-31T00:00:00.000Z. Server fingerprint unchanged: a drop is model drift.');
    expect(md).toContain('1 cases unchanged.');
    const table = md.slice(md.indexOf('| Case | Model | Then | Now | Change | Kind |'));
    const rows = table
      .split('\n')
      .slice(2)
      .filter((l) => l.startsWith('|'))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(rows).toEqual([
      ['weather', 'baseline', '5/5', '3/5', '-40 pts', 'model drift'],
      ['no-tool', 'baseline', 'new case', '0/5', '', ''],
      ['retired', 'baseline', '5/5', 'not run', '', ''],
      ['weather', 'openai:gpt-4.1-mini', '4/5', '5/5', '+20 pts', 'improved'],
    ]);
    expect(md).toContain(
      `Checks that passed then and do not now: \`${FAILING.id}\` (fail), \`${WARNING.id}\` (warn), \`${ERRORED.id}\` (error)`,
    );

    const changed = renderMarkdown(report, [{ ...base, fingerprint: { toolsSha256: '0'.repeat(64), toolCount: 3 } }]);
    expect(changed).toContain('Server fingerprint changed');
    expect(changed).toMatch(/\| weather \| baseline \| 5\/5 \| 3\/5 \| -40 pts \| regression \|/);

    // Same tools, but the earlier run served descriptions of its own in their place: the server the model saw changed.
    const overridden = {
      ...base,
      fingerprint: { ...base.fingerprint!, descriptions: { file: 'descriptions.yaml', sha256: '1'.repeat(64), tools: ['get_weather'] } },
    };
    expect(renderMarkdown(report, [overridden])).toMatch(/\| weather \| baseline \| 5\/5 \| 3\/5 \| -40 pts \| regression \|/);

    expect(renderMarkdown(report, [red])).toContain('No earlier green run in the history to compare with.');
  });

  it('stays under the comment limit with "… N more" lines and balanced <details>', () => {
    const long = 'x'.repeat(2000);
    // Every check an HTTP server meets after it answered, failed under --strict with a long message and fix, and 400 long-named cases.
    const ids = checkIds({ transport: 'http' }).filter((id) => id !== 'discover.responds');
    const checks = [
      makeCheck({ id: 'discover.responds' }),
      ...ids.map((id) => makeCheck({ id, status: 'fail', message: long, fix: long })),
    ];
    const cases = Array.from({ length: 400 }, (_, i) => makeCase({ id: `case-${i}-${long}`, model: 'm', passes: 2 }));
    const md = renderMarkdown(makeReport(checks, { eval: makeEval(cases) }, { strict: true }));

    expect(md.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS);
    expect(MARKDOWN_MAX_CHARS).toBeLessThan(65536);
    const more = [...md.matchAll(/… (\d+) more/g)].map((m) => Number(m[1]));
    expect(more.length).toBeGreaterThanOrEqual(3);
    expect(more).toContain(ids.length - 20);
    expect(md.match(/<details>/g)?.length).toBe(md.match(/<\/details>/g)?.length);
    expect(md).toContain(`${ids.length + 1} checks: 1 pass, ${ids.length} fail.`);
  });

  it('shows server text literally: no HTML, no table breaks, no mentions', () => {
    const nasty = `${XSS} | **bold** [link](javascript:x) @octocat \`tick\`\nnext line`;
    const report = makeReport([makeCheck({ id: 'tools.call-error', status: 'fail', message: nasty })], {
      target: { transport: 'http', endpoint: 'http://h/mcp', era: 'modern', serverInfo: { name: XSS, version: '1' } },
      eval: makeEval([makeCase({ id: XSS, model: 'm|x', passes: 1 })]),
    });
    const md = renderMarkdown(report);

    expect(md).not.toContain('<img');
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(md).not.toMatch(/(?<!\\)\*\*bold/);
    expect(md).not.toMatch(/(?<!\\)\[link\]/);
    expect(md).toContain('@&#8203;octocat');
    expect(md).not.toContain('next line\n');
    expect(row(md, 'fail')).toHaveLength(5);
    const matrixHeader = md.split('\n').find((l) => l.startsWith('| Case |'))!;
    expect(matrixHeader.split(/(?<!\\)\|/).slice(1, -1)).toHaveLength(2);
  });
});
