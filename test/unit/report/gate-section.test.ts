/**
 * The gate in the Markdown and HTML reports (issue 23): which baseline run, each item baseline against
 * current with its interval and the decision, the metric items explained, the drift, and the diff of
 * the tool surface since the baseline run; hostile server and model text neutralised on the way.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateReports, gateWithoutBaseline } from '../../../src/gate/gate.js';
import { parseReport, renderJson } from '../../../src/report/json.js';
import { writeReports } from '../../../src/report/formats.js';
import { renderHtml } from '../../../src/report/html/index.js';
import { renderMarkdown } from '../../../src/report/markdown.js';
import { metricTermsIn } from '../../../src/report/metric-terms.js';
import type { GateResult, Report } from '../../../src/report/model.js';
import { diffTools } from '../../../src/report/tool-diff.js';
import { evalRun } from '../../helpers/gate-factory.js';
import {
  BASELINE_COMMIT,
  BASELINE_RUN,
  BASELINE_SURFACE,
  BASELINE_TOOLS,
  baselineReport,
  currentReport,
  CURRENT_TOOLS,
  FAILING_CHECK,
  failingGate,
  failingGateReport,
  HOSTILE,
  MODEL,
  SECRET,
} from '../../helpers/gate-report.js';
import { makeCheck, makeReport, withSections } from '../../helpers/report-factory.js';

/** The lines of the Markdown gate section, up to the next `###` heading. */
function gateSection(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('### Gate'));
  expect(start, 'a gate section').toBeGreaterThan(-1);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('### '));
  return lines.slice(start, end === -1 ? undefined : end);
}

/** Cells of the Markdown table row whose second cell is `second`, split on unescaped pipes. */
function rowWith(lines: string[], second: string): string[] {
  const line = lines.find((l) => l.split(/(?<!\\)\|/)[2]?.trim() === second);
  expect(line, `a row for ${second}`).toBeDefined();
  return line!
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((c) => c.trim());
}

describe('the gate section in Markdown', () => {
  const md = gateSection(renderMarkdown(failingGateReport()));

  it('names the baseline run, its date and commit, and the rules, before the conformance section', () => {
    expect(md[0]).toBe(`### Gate: against run \`${BASELINE_RUN}\``);
    expect(md).toContain(
      `Baseline: run ${BASELINE_RUN} of 2026-07-30T08:00:00.000Z, commit ${BASELINE_COMMIT}, recorded with exit code 0, from .mcpgate/history/reports/0123abcd.json.`,
    );
    expect(md.some((l) => l.startsWith('Rules: a soft score may drop at most 2 points; a drop counts only when its 95% interval'))).toBe(
      true,
    );
    const whole = renderMarkdown(failingGateReport());
    expect(whole.indexOf('### Gate')).toBeLessThan(whole.indexOf('### Conformance'));
  });

  it('gives every item baseline against current with Wilson intervals, the drop interval, the decision and the drift label, failures first', () => {
    expect(rowWith(md, `\`case:weather-paris@${MODEL}\``)).toEqual([
      'FAIL',
      `\`case:weather-paris@${MODEL}\``,
      'soft',
      '19/20 95% [76.4%, 99.1%]',
      '10/20 50% [29.9%, 70.1%]',
      '[17.6, 65.5] points',
      'regression (server changed)',
      "pass rate dropped 95% -&gt; 50%; the drop's interval \\[17.6%, 65.5%\\] lies above max-drop 2 points",
    ]);
    expect(rowWith(md, `\`check:${FAILING_CHECK}\``).slice(0, 6)).toEqual(['FAIL', `\`check:${FAILING_CHECK}\``, 'hard', '-', '-', '-']);
    const decisions = md.filter((l) => /^\| (FAIL|PASS|INCONCLUSIVE) \|/.test(l)).map((l) => l.split(' | ')[0]);
    expect(decisions).toEqual(['| FAIL', '| FAIL', '| FAIL', '| PASS', '| PASS']);
    expect(rowWith(md, '`checks:should-score`')[0]).toBe('PASS');
  });

  it('defines each metric item it names, once, under the table', () => {
    const legend = md.filter((l) => l.startsWith('- `metric:'));
    expect(legend).toEqual([
      `- \`metric:argumentAccuracy@${MODEL}\`: argumentAccuracy of model ${MODEL}: share of correctly selected samples with expected arguments that got every expected argument right`,
      `- \`metric:selectionAccuracy@${MODEL}\`: selectionAccuracy of model ${MODEL}: share of samples that expect a tool whose first call was the expected tool`,
    ]);
  });

  it('lists the drift with its label', () => {
    expect(md).toContain('**Drift**: 1 case result(s) dropped since the baseline, significant or not.');
    expect(rowWith(md, MODEL)).toEqual(['`weather-paris`', MODEL, '19/20', '10/20', 'regression (server changed)']);
  });

  it('diffs the tool surface: removed, then changed (with the places that changed), then added', () => {
    expect(md).toContain('#### Tool surface since the baseline');
    expect(md).toContain(
      'Server fingerprint changed since the baseline: tools 3 → 3 (sha256 aaaaaaaaaaaa → bbbbbbbbbbbb); server reference-server 1.2.2 → reference-server 1.2.3.',
    );
    const rows = md.filter((l) => /^\| (removed|changed|added) \|/.test(l));
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['| removed', '| changed', '| added']);
    expect(rowWith(md, '`get_forecast_v1`')).toEqual(['removed', '`get_forecast_v1`', 'description "Old forecast tool."']);
    const changed = rowWith(md, '`get_weather`')[2]!;
    expect(changed).toContain('description: "Current weather for a city." → "Current weather for a city. ');
    expect(changed).toContain('inputSchema /properties/units added {"type":"string","enum":\\["celsius","fahrenheit"\\]}');
    expect(changed).toContain('/required \\["city"\\] → \\["city","units"\\]');
    expect(changed).toContain('annotations /readOnlyHint true → false');
  });
});

describe('a baseline whose report has no commit, fingerprint or tools (an earlier mcpgate wrote it)', () => {
  it('says the commit is not recorded, that whether the server changed is not known, and that the tools cannot be compared', () => {
    const md = gateSection(renderMarkdown(failingGateReport(failingGate(baselineReport({ surface: false })))));
    expect(md.find((l) => l.startsWith('Baseline: '))).toContain(', commit not recorded,');
    expect(md).toContain('The baseline run’s report has no server fingerprint, so whether the server changed is not known here.');
    expect(md).toContain(
      'The baseline run’s report has no tool list (written by an earlier mcpgate, or its list could not be read whole), so the tools cannot be compared one by one.',
    );
    expect(md.some((l) => /^\| (removed|changed|added) \|/.test(l))).toBe(false);
  });

  it('a gate result an earlier mcpgate wrote, without the baseline surface it copies now, is read by its drift labels', () => {
    const { commit: _commit, fingerprint: _fingerprint, tools: _tools, ...baseline } = failingGate().baseline as typeof BASELINE_SURFACE;
    const md = gateSection(renderMarkdown(failingGateReport({ ...failingGate(), baseline: baseline as GateResult['baseline'] })));
    expect(md.find((l) => l.startsWith('Baseline: '))).toContain(', commit not recorded,');
    expect(md).toContain('Server fingerprint changed since the baseline (the drops are labelled regression).');
  });

  it('never meets a verdict, kind or drift label it does not know: the reader refuses such a report', () => {
    const report = JSON.parse(renderJson(failingGateReport()));
    report.gate.findings[0].verdict = 'new';
    expect(() => parseReport(JSON.stringify(report))).toThrow(/^not an mcpgate report: gate\.findings\[0\]\.verdict must be one of /);
  });

  it('explains why there is no comparison when the baseline was unusable', () => {
    const report = failingGateReport(gateWithoutBaseline(currentReport(), 'no usable green run of reference-server in .mcpgate/history'));
    const md = gateSection(renderMarkdown(report));
    expect(md[0]).toBe('### Gate');
    expect(md).toContain('Baseline: no usable baseline: no usable green run of reference-server in .mcpgate/history.');
    expect(md.join('\n')).not.toContain('Tool surface');
    expect(renderHtml(report)).toContain('<h2 id="gate">Gate: no baseline to compare with</h2>');
  });
});

describe('a gate result as src/gate computes it', () => {
  it('renders the intervals the gate measured, and the reports without a gate have no gate section', () => {
    const baseline = evalRun([{ id: 'weather', passes: 20, runs: 20 }], { startedAt: '2026-07-01T00:00:00.000Z' });
    const current = evalRun([{ id: 'weather', passes: 8, runs: 20 }], { toolsSha256: 'c'.repeat(64) });
    const gate = gateReports(current, baseline, undefined, { runId: 'abcdef0123456789', exitCode: 0 });
    const report = withSections(current, { gate });
    const md = gateSection(renderMarkdown(report));
    const item = gate.findings.find((f) => f.item === 'case:weather@baseline')!;
    expect(item.verdict).toBe('fail');
    const row = rowWith(md, '`case:weather@baseline`');
    expect(row.slice(0, 5)).toEqual(['FAIL', '`case:weather@baseline`', 'soft', '20/20 100% [83.9%, 100%]', '8/20 40% [21.9%, 61.3%]']);
    expect(row[6]).toBe('regression (server changed)');
    expect(md[0]).toBe('### Gate: against run `abcdef0123456789`');
    expect(renderMarkdown(current)).not.toContain('### Gate');
    expect(renderHtml(current)).not.toContain('id="gate"');
  });

  it("copies the baseline report's commit, fingerprint and tools into its result, so the section can diff them", () => {
    const withTools = (report: Report, tools: typeof BASELINE_TOOLS): Report =>
      withSections(report, {
        target: { ...report.target, fingerprint: { ...report.target.fingerprint!, toolCount: tools.length }, tools },
      });
    const baseline = withSections(withTools(evalRun([{ id: 'weather', passes: 20, runs: 20 }]), BASELINE_TOOLS), {
      commit: BASELINE_COMMIT,
    });
    const current = withTools(evalRun([{ id: 'weather', passes: 20, runs: 20 }], { toolsSha256: 'c'.repeat(64) }), CURRENT_TOOLS);
    const gate = gateReports(current, baseline, undefined, { runId: BASELINE_RUN, exitCode: 0 });
    expect(gate.baseline).toMatchObject({ commit: BASELINE_COMMIT, fingerprint: baseline.target.fingerprint, tools: BASELINE_TOOLS });
    const md = gateSection(renderMarkdown(withSections(current, { gate })));
    expect(md.find((l) => l.startsWith('Baseline: '))).toContain(`commit ${BASELINE_COMMIT}`);
    expect(md.some((l) => l.startsWith('| removed | `get_forecast_v1`'))).toBe(true);
    // A baseline report without them: the result leaves them out rather than inventing them.
    const bare = gateReports(current, evalRun([{ id: 'weather', passes: 20, runs: 20 }]), undefined, {});
    expect(Object.keys(bare.baseline)).toEqual(['startedAt', 'fingerprint']);
  });
});

describe('the gate section in HTML', () => {
  const html = renderHtml(failingGateReport());
  const section = html.slice(
    html.indexOf('<section aria-labelledby="gate"'),
    html.indexOf('</section>', html.indexOf('aria-labelledby="gate"')),
  );

  it('comes right after the header, with the baseline run, its date and commit', () => {
    expect(html.indexOf('aria-labelledby="gate"')).toBeGreaterThan(html.indexOf('</header>'));
    expect(html.indexOf('aria-labelledby="gate"')).toBeLessThan(html.indexOf('aria-labelledby="conformance"'));
    expect(section).toContain(`<h2 id="gate">Gate: against run <code>${BASELINE_RUN}</code></h2>`);
    expect(section).toContain(`<dt>date</dt><dd>2026-07-30T08:00:00.000Z</dd><dt>commit</dt><dd>${BASELINE_COMMIT}</dd>`);
  });

  it('puts what did not pass in the open and folds the passes', () => {
    const open = section.slice(0, section.indexOf('<details class="gate-passed">'));
    expect(open.match(/<tr data-verdict="fail">/g)).toHaveLength(3);
    expect(open).not.toContain('data-verdict="pass"');
    expect(section).toContain('<summary>2 items passed</summary>');
  });

  it('gives a metric item its definition as a tooltip and a link to the terms', () => {
    const definition = `argumentAccuracy of model ${MODEL}: share of correctly selected samples with expected arguments that got every expected argument right`;
    expect(section).toContain(`<abbr title="${definition}"><a href="#term-0"><code>metric:argumentAccuracy@${MODEL}</code></a></abbr>`);
    expect(section).toContain(`<dt id="term-0"><code>metric:argumentAccuracy@${MODEL}</code></dt><dd>${definition}</dd>`);
    // The verdict at the top names metric items too, and points at their definitions.
    expect(html.slice(0, html.indexOf('</header>'))).toContain('<a href="#terms">gate section</a>');
  });
});

describe('metric terms', () => {
  it('finds every metric id once, in order, with a model id of any shape and no trailing punctuation', () => {
    const terms = metricTermsIn([
      'gate failed: metric:overActivationRate@openai:gpt-4.1-mini, case:x@y',
      'see metric:selectionAccuracy@ollama/llama3.1:8b. And metric:overActivationRate@openai:gpt-4.1-mini again',
      'metric:vibes@baseline is not a metric',
    ]);
    expect(terms.map((t) => t.id)).toEqual([
      'metric:overActivationRate@openai:gpt-4.1-mini',
      'metric:selectionAccuracy@ollama/llama3.1:8b',
    ]);
    expect(terms[0]!.meaning).toContain('lower is better');
  });
});

describe('diffTools', () => {
  const tool = { name: 'search', description: 'Search.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };

  it('sees no change in a schema re-serialised with its keys in another order', () => {
    const reordered = { inputSchema: { properties: { q: { type: 'string' } }, type: 'object' }, description: 'Search.', name: 'search' };
    expect(diffTools([tool], [reordered])).toEqual([]);
  });

  it('names the places inside a schema as JSON Pointers, escaping / and ~ in keys', () => {
    const changed = { ...tool, inputSchema: { type: 'object', properties: { q: { type: 'integer' }, 'a/b~c': { type: 'string' } } } };
    const [change] = diffTools([tool], [changed]);
    expect(change).toMatchObject({ kind: 'changed', tool: 'search' });
    expect(change!.fields.map((f) => f.field)).toEqual(['inputSchema']);
    expect(change!.fields[0]!.paths).toEqual([
      { path: '/properties/a~1b~0c', kind: 'added', after: { type: 'string' } },
      { path: '/properties/q/type', kind: 'changed', before: 'string', after: 'integer' },
    ]);
  });

  it('orders removed, changed, added, and counts the places it does not list', () => {
    const wide = {
      ...tool,
      inputSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, {}])) },
    };
    const changes = diffTools([{ name: 'zeta' }, tool], [wide, { name: 'alpha' }]);
    expect(changes.map((c) => `${c.kind} ${c.tool}`)).toEqual(['removed zeta', 'changed search', 'added alpha']);
    expect(changes[1]!.fields[0]!.paths).toHaveLength(8);
    expect(changes[1]!.fields[0]!.morePaths).toBe(5);
  });
});

describe('hostile text in a tool name, a description and a trajectory argument', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-gate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** No key, no raw ESC, override or zero-width space; no markup from the server. */
  function expectNeutralised(text: string): void {
    expect(text).not.toContain(SECRET.slice(0, 16));
    expect(text).not.toMatch(/[\u001b\u202e\u200b]/);
    expect(text).not.toContain('<img');
  }

  it('is masked by the redaction step and escaped by each format, the invisible characters shown as escapes', async () => {
    const files = { markdown: join(dir, 'summary.md'), html: join(dir, 'report.html') };
    await writeReports(failingGateReport(), files);
    const markdown = readFileSync(files.markdown, 'utf8');
    const html = readFileSync(files.html, 'utf8');
    expectNeutralised(markdown);
    expectNeutralised(html);

    // The added tool's name, the changed description and the argument the model sent, in both formats.
    const shown = '[REDACTED] \\u001b[31m&lt;img src=x onerror=alert(1)&gt;\\u202egnp.exe\\u200bPASS';
    expect(html).toContain(`<td><code>${shown}</code></td>`);
    expect(html).toContain(`&quot;Current weather for a city. ${shown}&quot;`);
    expect(html).toContain(`&quot;city&quot;: &quot;${shown}&quot;`);
    const mdShown = '\\[REDACTED\\] \\\\u001b\\[31m&lt;img src=x onerror=alert(1)&gt;\\\\u202egnp.exe\\\\u200bPASS';
    expect(markdown).toContain(`get\\_weather {"city":"${mdShown}"}`);
    expect(markdown).toContain(`"Current weather for a city. ${mdShown}"`);
    // The name itself is not JSON-quoted: its ESC is flattened to a space, its override shown as an escape.
    expect(markdown).toContain('| added | \\[REDACTED\\]  \\[31m&lt;img src=x onerror=alert(1)&gt;\\\\u202egnp.exe\\\\u200bPASS |');
    // The fake verdict in the name never starts a line.
    expect(markdown.split('\n').filter((l) => /^PASS/.test(l))).toEqual([]);
    expect(HOSTILE).toContain('\u202e');
  });
});

describe('a report without eval or gate', () => {
  it('renders no gate section and no runs block', () => {
    const report = makeReport([makeCheck({ id: 'discover.responds' })]);
    expect(renderMarkdown(report)).not.toContain('### Gate');
    const html = renderHtml(report);
    expect(html).not.toContain('id="gate"');
    expect(html).not.toContain('id="failing-runs"');
  });
});
