import { suiteState } from '../../../src/report/suite-state.js';
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { renderJson, parseReport } from '../../../src/report/json.js';
import { renderJUnit } from '../../../src/report/junit.js';
import { coverageLine } from '../../../src/report/coverage-line.js';
import { renderTerminal } from '../../../src/report/terminal.js';
import { metricLegendLines } from '../../../src/report/terminal-terms.js';
import { REPORT_JSON_SCHEMA } from '../../../src/report/report-schema.js';
import type { Report } from '../../../src/report/model.js';
import { assertWellFormed, attributes, testcases, unescape } from '../../helpers/junit-xml.js';
import { EXPECTED_FAILURES_FILE, makeCheck, makeCoverage, makeReport } from '../../helpers/report-factory.js';
import { CHECK_IDS } from '../../../src/conformance/checks/index.js';

const NASTY = `a<b>&"c'\u0000\u0007\u001b[31m\uD800end`;

/** Listed in the expected-failures file: the first fails (tolerated), the second passes (stale). */
const EXPECTED = ['tools.input-schema-valid', 'tools.call-error'];

const FAILING = makeCheck({
  id: 'discover.result-shape',
  status: 'fail',
  message: 'expected result.serverInfo.name, saw no serverInfo',
  fix: 'Return serverInfo {name, version} in the discover result.',
  evidence: [
    {
      label: 'server/discover',
      sent: 'POST /mcp\nMcp-Method: server/discover\n{"jsonrpc":"2.0","id":1,"method":"server/discover"}',
      received: ['HTTP 200', 'line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8'].join('\n'),
      expected: 'a result with serverInfo',
    },
    { label: 'second piece', received: 'SECOND-EVIDENCE' },
  ],
});
const PASSING = makeCheck({ id: 'discover.supported-versions' });
const WARNING = makeCheck({ id: 'http.get-405', status: 'warn', message: 'expected 405 for GET, saw 200' });
const SKIPPED = makeCheck({ id: 'http.delete-405', status: 'skip', message: 'SKIP-REASON: not applicable' });
const ERRORED = makeCheck({ id: 'tools.list-static', status: 'error', message: 'mcpgate could not run this check: socket hang up' });
const TOLERATED = makeCheck({
  id: 'tools.input-schema-valid',
  status: 'fail',
  message: 'tool "bad name" has a schema that is not an object',
});
const STALE = makeCheck({ id: 'tools.call-error' });

function sampleReport(sections: Parameters<typeof makeReport>[1] = {}): Report {
  return makeReport([PASSING, FAILING, WARNING, SKIPPED, ERRORED, TOLERATED, STALE], sections, { expectedFailures: EXPECTED });
}

/** The verdict line the sample ends with: layer 0's own reason for its one unexpected failure. */
const VERDICT = `FAIL: 1 check(s) failed: ${FAILING.id} (exit code 1)`;

describe('renderJUnit', () => {
  it('produces well-formed XML whose count attributes match its test cases', () => {
    const xml = renderJUnit(sampleReport());
    assertWellFormed(xml);

    const root = attributes(/<testsuites [^>]*>/.exec(xml)![0]);
    // Seven checks and the stale entry; the failed check and the stale entry fail; the skip and the tolerated failure skip.
    expect(root).toMatchObject({ name: 'mcpgate', tests: '8', failures: '2', errors: '1', skipped: '2', time: '1.234' });

    const suites = [...xml.matchAll(/<testsuite [^>]*>[\s\S]*?<\/testsuite>/g)].map((m) => m[0]);
    expect(suites.map((s) => attributes(s.slice(0, s.indexOf('>') + 1)).name)).toEqual(['discover', 'http', 'tools', 'expected-failures']);
    for (const suite of suites) {
      const head = attributes(suite.slice(0, suite.indexOf('>') + 1));
      const cases = testcases(suite);
      expect(head.tests).toBe(String(cases.length));
      expect(head.failures).toBe(String(cases.filter((c) => c.body.includes('<failure')).length));
      expect(head.errors).toBe(String(cases.filter((c) => c.body.includes('<error')).length));
      expect(head.skipped).toBe(String(cases.filter((c) => c.body.includes('<skipped')).length));
    }
  });

  it('maps each status to the JUnit element CI tools understand', () => {
    const all = testcases(renderJUnit(sampleReport()));
    const cases = new Map(
      all.filter((c) => c.attrs.classname !== 'mcpgate.expected-failures').map((c) => [c.attrs.name!.split(':')[0], c]),
    );
    expect(cases.get(PASSING.id)!.body).toBe('');
    const failure = cases.get(FAILING.id)!.body;
    expect(failure).toContain('<failure message="expected result.serverInfo.name, saw no serverInfo" type="MUST">');
    expect(failure).toContain(`spec: ${FAILING.specRef}`);
    expect(failure).toContain('fix: Return serverInfo {name, version} in the discover result.');
    expect(failure).toContain('SECOND-EVIDENCE');
    expect(cases.get(WARNING.id)!.body).toMatch(/^\s*<system-out>[\s\S]*expected 405 for GET/);
    expect(cases.get(SKIPPED.id)!.body).toContain('<skipped message="SKIP-REASON: not applicable"/>');
    expect(cases.get(ERRORED.id)!.body).toContain('<error message="mcpgate could not run this check: socket hang up"');
    expect(cases.get(TOLERATED.id)!.body).toContain(
      '<skipped message="expected failure: tool &quot;bad name&quot; has a schema that is not an object"/>',
    );
    expect(cases.get(STALE.id)!.body).toBe('');
    const staleCase = all.find((c) => c.attrs.classname === 'mcpgate.expected-failures')!;
    expect(staleCase.attrs.name).toBe(`${STALE.id}: stale expected failure`);
    expect(staleCase.body).toContain('type="stale-expected-failure"');
    expect(staleCase.body).toContain(EXPECTED_FAILURES_FILE);
  });

  it('escapes markup, shows controls as visible escapes and a lone surrogate as U+FFFD: XML 1.0 can carry neither raw', () => {
    // What a server sent reaches a check's message and evidence (its id and title are mcpgate's own).
    const report = makeReport([
      makeCheck({ id: 'tools.call-structured-content', status: 'fail', message: `msg ${NASTY}`, evidence: [{ received: NASTY }] }),
    ]);
    const xml = renderJUnit(report);
    assertWellFormed(xml);
    const [testcase] = testcases(xml);
    const failure = /<failure [^>]*>/.exec(testcase!.body)![0];
    expect(unescape(attributes(failure).message!)).toBe('msg a<b>&"c\'\\u0000\\u0007\\u001b[31m\ufffdend');
    expect(failure).toContain('message="msg a&lt;b&gt;&amp;&quot;c&apos;\\u0000\\u0007\\u001b[31m\ufffdend"');
    expect(xml).toContain('    a&lt;b&gt;&amp;"c\'\\u0000\\u0007\\u001b[31m\ufffdend</failure>');
  });
});

describe('renderJUnit: the coverage line', () => {
  const suiteOf = (xml: string, name: string): string =>
    [...xml.matchAll(/<testsuite [^>]*>[\s\S]*?<\/testsuite>/g)].map((m) => m[0]).find((s) => s.includes(`name="${name}"`))!;

  it('is a suite of its own after the check areas: the line and the counts as properties, one skipped case when something was left out', () => {
    const report = sampleReport({ coverage: makeCoverage() });
    const xml = renderJUnit(report);
    assertWellFormed(xml);
    const names = [...xml.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['discover', 'http', 'tools', 'expected-failures', 'coverage']);
    const suite = suiteOf(xml, 'coverage');
    expect(attributes(suite.slice(0, suite.indexOf('>') + 1))).toMatchObject({ tests: '1', failures: '0', errors: '0', skipped: '1' });
    // Properties come before the test cases, as JUnit's schema has them.
    expect(suite.indexOf('<properties>')).toBeLessThan(suite.indexOf('<testcase'));
    const properties = Object.fromEntries(
      [...suite.matchAll(/<property name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1], unescape(m[2]!)]),
    );
    expect(properties['mcpgate.coverage']).toBe(coverageLine(makeCoverage()));
    expect(properties).toMatchObject({ 'mcpgate.coverage.tools.listed': '25', 'mcpgate.coverage.tools.called': '0' });
    const [coverageCase] = testcases(suite);
    expect(coverageCase!.attrs.classname).toBe('mcpgate.coverage');
    expect(unescape(attributes(coverageCase!.body).message!)).toBe(coverageLine(makeCoverage()));
    // The root counts include it: 8 checks and stale entries, plus the coverage case.
    expect(attributes(/<testsuites [^>]*>/.exec(xml)![0])).toMatchObject({ tests: '9', skipped: '3', failures: '2' });
  });

  it('passes, with the line in its output, when everything was exercised; no suite without coverage', () => {
    const complete = makeCoverage({ tools: { listed: 2, called: 2, notCalled: [] }, widen: undefined });
    const suite = suiteOf(renderJUnit(makeReport([makeCheck({ id: 'discover.responds' })], { coverage: complete })), 'coverage');
    const [coverageCase] = testcases(suite);
    expect(coverageCase!.body).not.toContain('<skipped');
    expect(unescape(/<system-out>([^<]*)<\/system-out>/.exec(coverageCase!.body)![1]!)).toBe(coverageLine(complete));
    expect(renderJUnit(sampleReport())).not.toContain('coverage');
  });
});

describe('renderJson and parseReport', () => {
  it('writes the model key order with 2-space indent and a trailing newline, whatever order the input had', () => {
    const report = sampleReport();
    const shuffled = Object.fromEntries(Object.entries(report).reverse()) as unknown as Report;
    shuffled.checks = report.checks.map((c) => Object.fromEntries(Object.entries(c).reverse()) as never);
    const text = renderJson(shuffled);
    expect(text).toBe(renderJson(report));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "schemaVersion": "1.0",');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'schemaVersion',
      'tool',
      'startedAt',
      'durationMs',
      'target',
      'checks',
      'summary',
      'verdict',
      'options',
    ]);
    expect(Object.keys((parsed.checks as object[])[1]!)).toEqual([
      'id',
      'title',
      'area',
      'level',
      'specRef',
      'status',
      'message',
      'fix',
      'evidence',
      'durationMs',
    ]);
  });

  it('round-trips through parseReport and validates against the published JSON Schema', () => {
    const report = sampleReport();
    const text = renderJson(report);
    expect(parseReport(text)).toEqual({ ...report, verdict: { ...report.verdict, suite: suiteState(report) } });
    const validate = schemaValidator();
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('accepts a newer 1.x report with extra keys, like the schema does', () => {
    const future = { ...JSON.parse(renderJson(sampleReport())), schemaVersion: '1.7', futureLayer: { probes: [] } };
    expect(parseReport(JSON.stringify(future)).checks).toHaveLength(7);
    expect(schemaValidator()(future)).toBe(true);
  });

  it.each([
    ['2.0', 'report schema version 2.0 is not supported (this mcpgate reads 1.x)'],
    ['0.9', 'report schema version 0.9 is not supported (this mcpgate reads 1.x)'],
    ['1', 'report schema version 1 is not supported (this mcpgate reads 1.x)'],
  ])('rejects schema version %s', (version, message) => {
    const text = JSON.stringify({ ...JSON.parse(renderJson(sampleReport())), schemaVersion: version });
    expect(() => parseReport(text)).toThrow(new Error(message));
  });

  it.each<[string, (r: Record<string, any>) => unknown, string]>([
    [
      'a wrong status',
      (r) => (r.checks[2].status = 'ok'),
      'checks[2].status must be one of pass, fail, warn, skip, error, not_measured, got "ok"',
    ],
    ['a missing verdict', (r) => delete r.verdict, 'verdict must be an object, got nothing'],
    ['another tool', (r) => (r.tool.name = 'other'), 'tool.name must be one of mcpgate, got "other"'],
    ['a negative count', (r) => (r.summary.byStatus.fail = -1), 'summary.byStatus.fail must be a whole number, got -1'],
    ['evidence not a list', (r) => (r.checks[1].evidence = 'x'), 'checks[1].evidence must be an array, got "x"'],
    ['no schemaVersion', (r) => delete r.schemaVersion, 'schemaVersion is missing'],
  ])('rejects %s with a one-line message naming the field, as the schema does', (_name, breakIt, what) => {
    const data = JSON.parse(renderJson(sampleReport())) as Record<string, any>;
    breakIt(data);
    expect(() => parseReport(JSON.stringify(data))).toThrow(new Error(`not an mcpgate report: ${what}`));
    expect(schemaValidator()(data)).toBe(false);
  });

  it('the example in docs/report-schema.md is a valid report', () => {
    const doc = readFileSync(new URL('../../../docs/report-schema.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(doc)![1]!;
    const id = parseReport(example).checks[0]!.id;
    // The documented example must name a check mcpgate really has.
    expect(CHECK_IDS.has(id)).toBe(true);
    expect(schemaValidator()(JSON.parse(example))).toBe(true);
  });

  it('rejects text that is not JSON or not an object in one line', () => {
    expect(() => parseReport('<html>\n</html>')).toThrow(/^not an mcpgate report: not valid JSON \([^\n]*\)$/);
    expect(() => parseReport('[1,2]')).toThrow('not an mcpgate report: the top level is not a JSON object');
  });
});

describe('renderTerminal', () => {
  it('shows what failed, where the spec says so, how to fix it, and the first evidence', () => {
    const out = renderTerminal(sampleReport(), { color: false });
    expect(out).not.toContain('\x1b');
    expect(out).toContain(`  ✗ ${FAILING.id}  ${FAILING.title}\n`);
    expect(out).toContain('expected result.serverInfo.name, saw no serverInfo');
    expect(out).toContain(`MUST · ${FAILING.specRef}`);
    expect(out).toContain('fix: Return serverInfo {name, version} in the discover result.');
    expect(out).toContain('sent:     POST /mcp');
    expect(out).toContain('… 2 more lines');
    expect(out).not.toContain('line 7');
    expect(out).not.toContain('SECOND-EVIDENCE');
    expect(out).toContain('1 more in the JSON report');
  });

  it('groups by area, keeps passes to one line and marks every status', () => {
    const out = renderTerminal(sampleReport(), { color: false });
    expect(out.indexOf('\ndiscover\n')).toBeLessThan(out.indexOf('\nhttp\n'));
    expect(out.indexOf('\nhttp\n')).toBeLessThan(out.indexOf('\ntools\n'));
    expect(out).toContain(`  ✓ ${PASSING.id}  ${PASSING.title}\n  ✗ ${FAILING.id}`);
    expect(out).toContain(`  ! ${WARNING.id}`);
    expect(out).toContain(`  E ${ERRORED.id}`);
    expect(out).toContain(`  ✗ ${TOLERATED.id}  ${TOLERATED.title}  (expected failure)\n`);
    expect(out).toContain(`  ✓ ${STALE.id}  ${STALE.title}  (stale expected failure)\n`);
  });

  it('prints the header, the stale block, totals and the verdict with its exit code', () => {
    const out = renderTerminal(sampleReport(), { color: false });
    expect(out).toContain('target  http http://127.0.0.1:3000/mcp');
    expect(out).toContain('era     modern (2026-07-28)');
    expect(out).toContain('server  reference-server 1.2.3');
    expect(out).toContain(`Stale expected failures: listed in ${EXPECTED_FAILURES_FILE}`);
    expect(out).toMatch(new RegExp(`Stale expected failures: [^\\n]*\\n {2}✗ ${STALE.id.replace('.', '\\.')}\\n`));
    expect(out).toContain('7 checks: 2 passed, 2 failed, 1 warning, 1 skipped, 1 error; 1 expected failure tolerated\n');
    expect(out.endsWith(`${VERDICT}\n`)).toBe(true);
  });

  it('with listPassing false (run), lists only what did not pass and counts the rest; --verbose lists everything', () => {
    const out = renderTerminal(sampleReport(), { color: false, listPassing: false });
    expect(out).not.toContain(`✓ ${PASSING.id}`);
    expect(out).toContain(`  ✗ ${FAILING.id}  ${FAILING.title}\n`);
    expect(out).toContain(`  ! ${WARNING.id}`);
    // A stale expected failure passes but fails the run: it stays listed.
    expect(out).toContain(`  ✓ ${STALE.id}  ${STALE.title}  (stale expected failure)\n`);
    expect(out).toContain('1 passing and 1 skipped check(s) not listed; --verbose lists them with the reason\n');
    expect(out).toContain('7 checks: 2 passed, 2 failed, 1 warning, 1 skipped, 1 error');
    expect(out.endsWith(`${VERDICT}\n`)).toBe(true);
    const verbose = renderTerminal(sampleReport(), { color: false, listPassing: false, verbose: true });
    expect(verbose).toContain(`  ✓ ${PASSING.id}`);
    expect(verbose).not.toContain('not listed');
    // The default (check, eval, chaos) still lists passing checks.
    expect(renderTerminal(sampleReport(), { color: false })).toContain(`  ✓ ${PASSING.id}`);
  });

  it('explains each metric item of a gate table on a line of its own, wrapped to the width', () => {
    const lines = metricLegendLines(['gate failed: metric:overActivationRate@openai:gpt-4.1-mini, case:x@y', 'metric:nope@x'], 60);
    expect(lines[0]).toBe('  metric items:');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).join(' ').replace(/\s+/g, ' ').trim()).toBe(
      'metric:overActivationRate@openai:gpt-4.1-mini: share of samples that expect no tool which called one anyway; lower is better, so the gate fails a rise',
    );
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    expect(metricLegendLines(['case:x@y'], 60)).toEqual([]);
  });

  it('shows skip reasons only when verbose', () => {
    expect(renderTerminal(sampleReport(), { color: false })).not.toContain('SKIP-REASON');
    expect(renderTerminal(sampleReport(), { color: false, verbose: true })).toContain('SKIP-REASON: not applicable');
  });

  it('ends with the coverage line right above the verdict, wrapped to the width, the verdict still last', () => {
    const out = renderTerminal(sampleReport({ coverage: makeCoverage() }), { color: false, width: 80 });
    const lines = out.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(VERDICT);
    expect(lines.at(-2)).toBe('');
    const start = lines.findIndex((line) => line.startsWith('coverage: '));
    // After the totals and the failure list, a blank line before it.
    expect(start).toBeGreaterThan(lines.findIndex((line) => line.startsWith('not passed (')));
    expect(lines[start - 1]).toBe('');
    const block = lines.slice(start, -2);
    expect(block.length).toBeGreaterThan(1);
    expect(block.every((line) => line.length <= 80)).toBe(true);
    expect(block.slice(1).every((line) => line.startsWith('  '))).toBe(true);
    expect(block.map((line) => line.trim()).join(' ')).toBe(coverageLine(makeCoverage()));
    expect(out).toContain('coverage: tools called 0 of 25 (22 not annotated read-only: "search", "fetch"');
  });

  it('prints no coverage line for a report without coverage, and an uncoloured one when nothing was left out', () => {
    expect(renderTerminal(sampleReport(), { color: false })).not.toContain('coverage:');
    const complete = makeCoverage({
      tools: { listed: 2, called: 2, notCalled: [] },
      resourceTemplates: { listed: 1, read: 1 },
      prompts: { listed: 3, got: 3 },
      widen: undefined,
    });
    const coloured = renderTerminal(makeReport([makeCheck({ id: 'discover.responds' })], { coverage: complete }), {
      color: true,
      width: 200,
    });
    expect(coloured).toContain(`\n${coverageLine(complete)}\n`);
    const partial = renderTerminal(makeReport([makeCheck({ id: 'discover.responds' })], { coverage: makeCoverage() }), { color: true });
    expect(partial).toContain('\n\x1b[33mcoverage: tools called 0 of 25');
  });

  it('colours only when asked, and never passes the server’s own escape sequences through', () => {
    const report = makeReport([makeCheck({ id: 'tools.call-error', status: 'fail', message: `bad \x1b[2J\x1b]0;pwned\x07 text` })]);
    const plain = renderTerminal(report, { color: false });
    expect(plain).not.toContain('\x1b');
    expect(plain).toContain('bad \\u{1B}[2J\\u{1B}]0;pwned\\u{7} text');
    const coloured = renderTerminal(report, { color: true });
    expect(coloured).toContain('\x1b[31m✗\x1b[39m');
    expect(coloured).not.toContain('\x1b[2J');
  });
});

function schemaValidator() {
  // Both are CommonJS modules whose module.exports also carries itself as `.default`; going through
  // `.default` is what TypeScript's NodeNext typing accepts, and it is the same object at runtime.
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(REPORT_JSON_SCHEMA);
}
