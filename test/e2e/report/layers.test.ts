/**
 * Every report format carries every layer that ran. A failing eval report (six case results below
 * their floor, exit code 1) and a failing chaos report (eight passing probes, a high scan finding,
 * pin drift, a fabricated fault answer, a successful injection, a client that re-issued a cut call with its old id)
 * go through each renderer; the failures must be there and counted right.
 */

import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../../src/report/formats.js';
import { parseReport } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { makeChaosReport, PROBE_IDS } from '../../helpers/chaos-factory.js';
import { makeCase, makeEval } from '../../helpers/eval-factory.js';
import { makeCheck, makeReport } from '../../helpers/report-factory.js';

const GPT = 'openai:gpt-4.1-mini';

/** Six case results fail (three cases on two models), one passes on each model, one errors. */
function failingEvalReport(): Report {
  const cases = [
    makeCase({ id: 'weather-paris', model: GPT, passes: 2, runs: 5 }),
    makeCase({ id: 'weather-paris', model: 'baseline', passes: 0, runs: 5 }),
    makeCase({ id: 'invoices', model: GPT, passes: 3, runs: 5, kind: 'soft', required: 4 }),
    makeCase({ id: 'invoices', model: 'baseline', passes: 0, runs: 5, kind: 'soft', required: 4 }),
    makeCase({ id: 'email', model: GPT, passes: 4, runs: 5 }),
    makeCase({ id: 'email', model: 'baseline', passes: 1, runs: 5 }),
    makeCase({ id: 'chit-chat', model: GPT }),
    makeCase({ id: 'chit-chat', model: 'baseline' }),
    makeCase({ id: 'lookup', model: GPT, passes: 0, runs: 5, errors: 5 }),
  ].map((c) => ({ ...c, source: `golden/tasks.yaml:${10 + c.id.length}` }));
  return makeReport([makeCheck({ id: 'discover.responds' }), makeCheck({ id: 'discover.supported-versions' })], { eval: makeEval(cases) });
}

const render = (format: keyof typeof FORMATS, report: Report): Promise<string> => FORMATS[format].render(report, {});

interface Suite {
  name: string;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  body: string;
}

function suites(xml: string): Suite[] {
  return [
    ...xml.matchAll(
      /<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"[^>]*>([\s\S]*?)<\/testsuite>/g,
    ),
  ].map((m) => ({ name: m[1]!, tests: Number(m[2]), failures: Number(m[3]), errors: Number(m[4]), skipped: Number(m[5]), body: m[6]! }));
}

function totals(xml: string): Record<string, number> {
  const m = /<testsuites name="mcpgate" tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"/.exec(xml)!;
  return { tests: Number(m[1]), failures: Number(m[2]), errors: Number(m[3]), skipped: Number(m[4]) };
}

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
}

async function sarif(
  report: Report,
): Promise<{ results: SarifResult[]; rules: string[]; notifications: Array<{ descriptor: { id: string } }> }> {
  const run = JSON.parse(await render('sarif', report)).runs[0];
  return {
    results: run.results,
    rules: run.tool.driver.rules.map((r: { id: string }) => r.id),
    notifications: run.invocations[0].toolExecutionNotifications,
  };
}

describe('a failing eval report', () => {
  const report = failingEvalReport();

  it('JSON: keeps every case result with its status and pass rate', async () => {
    const cases = parseReport(await render('json', report)).eval!.cases;
    expect(cases.filter((c) => c.status === 'fail')).toHaveLength(6);
    expect(cases.find((c) => c.id === 'invoices' && c.model === GPT)).toMatchObject({ passes: 3, runs: 5, required: 4 });
  });

  it('JUnit: a suite per model with a test per case; six failures, one error, the pass rate and the reason', async () => {
    const xml = await render('junit', report);
    const evalSuites = suites(xml).filter((s) => s.name.startsWith('eval '));
    expect(evalSuites.map((s) => s.name)).toEqual([`eval ${GPT}`, 'eval baseline']);
    expect(evalSuites.map((s) => [s.tests, s.failures, s.errors])).toEqual([
      [5, 3, 1],
      [4, 3, 0],
    ]);
    // Two checks and nine case results.
    expect(totals(xml)).toMatchObject({ tests: 11, failures: 6, errors: 1 });
    expect(evalSuites[0]!.body).toMatch(
      /<testcase classname="mcpgate\.eval\.openai:gpt-4\.1-mini" name="invoices \(soft\)"[^>]*>\s*<failure message="3\/5 passed \(needs 4\): wrong tool \(2 runs\)" type="soft">/,
    );
    expect(evalSuites[0]!.body).toContain('source: golden/tasks.yaml:18');
  });

  it('SARIF: an error-level result per failed case result, on its golden line; the errored one is a notification', async () => {
    const { results, rules, notifications } = await sarif(report);
    const evalResults = results.filter((r) => r.ruleId.startsWith('eval.'));
    expect(evalResults).toHaveLength(6);
    expect(new Set(evalResults.map((r) => r.level))).toEqual(new Set(['error']));
    expect(rules).toEqual(expect.arrayContaining(['eval.weather-paris', 'eval.invoices', 'eval.email']));
    const invoices = evalResults.find((r) => r.ruleId === 'eval.invoices' && r.message.text.includes(GPT))!;
    expect(invoices.message.text).toContain('3/5 passed (needs 4)');
    expect(invoices.message.text).toContain('wrong tool');
    expect(invoices.locations[0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'golden/tasks.yaml' }, region: { startLine: 18 } });
    expect(notifications.map((n) => n.descriptor.id)).toContain('eval.lookup');
  });

  it('Markdown: the behaviour section lists the cases that did not pass, with pass rate and reason', async () => {
    const md = await render('markdown', report);
    expect(md).toContain('### Behaviour (layer 1)');
    expect(md).toContain('**Cases that did not pass** (7 of 9 case results):');
    const rows = md.split('\n').filter((l) => /^\| (fail|error) \|/.test(l));
    expect(rows).toHaveLength(7);
    expect(rows.filter((l) => l.startsWith('| fail |'))).toHaveLength(6);
    expect(md).toContain(`| fail | \`invoices\` | openai:gpt-4.1-mini | soft | 3/5 passed (needs 4) | wrong tool (2 runs) |`);
  });

  it('HTML: every case row with its status, pass rate and reason', async () => {
    const html = await render('html', report);
    expect(html).toContain('<h2 id="behaviour">Behaviour (layer 1)</h2>');
    expect(html.match(/<tr data-status="fail">/g)).toHaveLength(6);
    expect(html).toMatch(
      /<th scope="row">invoices<div class="muted">golden\/tasks.yaml:18<\/div><\/th><td>openai:gpt-4.1-mini<\/td><td>soft<\/td><td>3\/5 <span class="muted">\(needs 4\)<\/span><\/td><td><span class="st st-fail">fail<\/span>[^<]*(<span[^>]*>flaky<\/span>)?<\/td><td>wrong tool \(2 runs\) <a href="#runs-\d+">what the model did<\/a><\/td>/,
    );
  });
});

describe('a failing chaos report', () => {
  const report = makeChaosReport();

  it('JSON: keeps the scan, pins, scenarios, injections and client', async () => {
    const chaos = parseReport(await render('json', report)).chaos;
    expect(chaos?.scan.findings).toHaveLength(2);
    expect(chaos?.pins?.status).toBe('drift');
    expect(chaos?.agent?.scenarios.map((s) => s.status)).toEqual(['fail', 'pass']);
    expect(chaos?.agent?.injections[0]?.successes).toBe(2);
    expect(chaos?.client?.verdict).toBe('re-issued-same-id');
  });

  it('JUnit: the eight passing probes and a failing suite for each of scan, pins, scenarios, injections and client', async () => {
    const xml = await render('junit', report);
    const byName = new Map(suites(xml).map((s) => [s.name, s]));
    expect(byName.get('robustness')).toMatchObject({ tests: PROBE_IDS.length, failures: 0 });
    expect(byName.get('chaos scan')).toMatchObject({ tests: 2, failures: 1 });
    expect(byName.get('chaos pins')).toMatchObject({ tests: 1, failures: 1 });
    expect(byName.get('chaos scenarios')).toMatchObject({ tests: 2, failures: 1 });
    expect(byName.get('chaos injections')).toMatchObject({ tests: 1, failures: 1 });
    expect(byName.get('chaos client')).toMatchObject({ tests: 1, failures: 1 });
    expect(totals(xml)).toMatchObject({ tests: 15, failures: 5, errors: 0 });
    expect(byName.get('chaos scan')!.body).toContain(
      '<failure message="high: the description addresses the model, not the user" type="prompt-injection">',
    );
    expect(byName.get('chaos scenarios')!.body).toContain('fabricated: answered 18°C although the tool call failed (2 runs)');
  });

  it('SARIF: results for the scan, the drift, the failed scenario, the injection and the client, with levels and rule ids', async () => {
    const { results } = await sarif(report);
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['scan.ignore-instructions', 'error'],
      ['scan.webhook-url', 'warning'],
      ['pins.changed', 'error'],
      ['scenario.http-500', 'error'],
      ['injection.tool-hijack', 'error'],
      ['client.re-issued-same-id', 'error'],
    ]);
    const scenario = results.find((r) => r.ruleId === 'scenario.http-500')!;
    expect(scenario.message.text).toContain('1/3 passed');
    expect(scenario.locations[0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'faults.yaml' }, region: { startLine: 3 } });
  });

  it('Markdown: a layer 2 section with the findings, the drift, the scenarios and the injection', async () => {
    const md = await render('markdown', report);
    expect(md).toContain('### Resilience and security (layer 2)');
    expect(md).toContain('4 tools, 1 prompts, 2 resources, 0 resource templates scanned; 2 findings (1 high).');
    expect(md).toContain('| high | `ignore-instructions` | tool send\\_email (description) |');
    expect(md).toContain('Tool pins (tools.lock): drift, 4 tools, 1 change.');
    expect(md).toContain('Fault scenarios: 1/2 passed, 1 failed');
    expect(md).toContain('| fail | `weather-500` | openai:gpt-4.1-mini | http-500 on get\\_weather | 1/3 |');
    expect(md).toContain('| fail | `override-in-weather` | openai:gpt-4.1-mini | tool-hijack via get\\_weather | 2/3 scored runs |');
    expect(md).toContain('Client re-issue after a cut stream: fail, re-issued-same-id');
  });

  it('HTML: a layer 2 section with the findings, the drift, the scenarios and the injection', async () => {
    const html = await render('html', report);
    expect(html).toContain('<h2 id="chaos">Resilience and security (layer 2)</h2>');
    expect(html.match(/<tr data-severity="high">/g)).toHaveLength(1);
    expect(html).toContain('<span class="st st-fail">drift</span> tools.lock: 4 tools, 1 change.');
    expect(html.match(/<tr data-status="fail"><th scope="row">(weather-500|override-in-weather)</g)).toHaveLength(2);
    expect(html).toContain(
      '<span class="st st-fail">fail</span> re-issued-same-id: the client re-issued tools/call get_weather but reused id 7',
    );
  });
});
