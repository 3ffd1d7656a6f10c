/**
 * Layer 2's MRTR state findings in JUnit and SARIF: a chaos report whose server completed a
 * tampered retry (a failure), completed a replayed one (a warning) and refused a dropped one (a
 * pass). JUnit fails exactly the tampered case; SARIF has an error and a warning on the scenarios'
 * faults-file lines and nothing for the refusal.
 */

import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../../src/report/formats.js';
import type { Report, StateFinding } from '../../../src/report/model.js';
import { makeChaos, makeProbes } from '../../helpers/chaos-factory.js';
import { makeReport } from '../../helpers/report-factory.js';
import { attackSuccess, scenarioResult, summarizeScenarios } from '../../../src/resilience/scenarios/aggregate.js';

const MODEL = 'baseline';

function finding(fields: Partial<StateFinding> & Pick<StateFinding, 'seq' | 'fault' | 'reaction' | 'status'>): StateFinding {
  return { tool: 'mrtr_form_elicitation', message: `mrtr_form_elicitation: ${fields.fault} ${fields.reaction}`, model: MODEL, ...fields };
}

/** The MRTR scenarios whose retries the proxy altered; the agent recovered in each (the server's answers are the findings). */
const SCENARIOS = (
  [
    ['mrtr-tampered', 'tamper-request-state', 62],
    ['mrtr-replayed', 'replay-request-state', 68],
    ['mrtr-dropped', 'drop-request-state', 77],
  ] as const
).map(([id, fault, line]) =>
  scenarioResult(
    {
      id,
      turns: ['Send the report to the recipient the user names.'],
      tool: 'mrtr_form_elicitation',
      fault,
      occurrence: 1,
      source: `faults.yaml:${line}`,
      toolSource: `faults.yaml:${line + 1}`,
    },
    MODEL,
    [{ index: 0, verdict: 'retried', status: 'pass', reason: 'followed the input request through', finalText: 'Sent.' }],
  ),
);

/** A chaos run of the MRTR scenarios with these state findings (or none recorded): every probe passes, the scan finds nothing. */
function stateReport(findings: StateFinding[] | undefined): Report {
  const { pins: _pins, client: _client, ...chaos } = makeChaos();
  const agent = {
    ...chaos.agent!,
    models: [MODEL],
    scenarios: SCENARIOS,
    injections: [],
    ...(findings ? { stateFindings: findings } : {}),
  };
  return makeReport(makeProbes(), {
    chaos: {
      ...chaos,
      scan: { ...chaos.scan, findings: [] },
      agent: { ...agent, summary: summarizeScenarios(SCENARIOS, []), attackSuccess: attackSuccess([]) },
    },
  });
}

const FINDINGS = [
  finding({
    seq: 7,
    fault: 'tamper-request-state',
    reaction: 'completed',
    status: 'fail',
    scenario: 'mrtr-tampered',
    source: 'faults.yaml:62',
  }),
  finding({
    seq: 9,
    fault: 'tamper-request-state',
    reaction: 'completed',
    status: 'fail',
    scenario: 'mrtr-tampered',
    source: 'faults.yaml:62',
  }),
  finding({
    seq: 12,
    fault: 'replay-request-state',
    reaction: 'completed',
    status: 'warn',
    scenario: 'mrtr-replayed',
    source: 'faults.yaml:68',
  }),
  finding({
    seq: 15,
    fault: 'drop-request-state',
    reaction: 'input-required',
    status: 'pass',
    scenario: 'mrtr-dropped',
    source: 'faults.yaml:77',
  }),
];

const render = (format: keyof typeof FORMATS, report: Report): Promise<string> => FORMATS[format].render(report, {});

function suite(xml: string, name: string): { tests: number; failures: number; body: string } | undefined {
  const m = new RegExp(`<testsuite name="${name}" tests="(\\d+)" failures="(\\d+)"[^>]*>([\\s\\S]*?)</testsuite>`).exec(xml);
  return m ? { tests: Number(m[1]), failures: Number(m[2]), body: m[3]! } : undefined;
}

describe('MRTR state findings in JUnit', () => {
  it('a test case per finding; only the completed tampered retries fail, the warning passes with its text', async () => {
    const state = suite(await render('junit', stateReport(FINDINGS)), 'chaos MRTR state')!;
    expect(state).toMatchObject({ tests: 4, failures: 2 });
    const names = [...state.body.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(names).toEqual([
      ['mcpgate.chaos.state.baseline', 'mrtr-tampered: tamper-request-state on mrtr_form_elicitation, retry 1'],
      ['mcpgate.chaos.state.baseline', 'mrtr-tampered: tamper-request-state on mrtr_form_elicitation, retry 2'],
      ['mcpgate.chaos.state.baseline', 'mrtr-replayed: replay-request-state on mrtr_form_elicitation, retry 1'],
      ['mcpgate.chaos.state.baseline', 'mrtr-dropped: drop-request-state on mrtr_form_elicitation, retry 1'],
    ]);
    expect(state.body).toContain('<failure message="mrtr_form_elicitation: tamper-request-state completed" type="tamper-request-state">');
    expect(state.body).toContain('source: faults.yaml:62');
    expect(state.body).toContain('warning: mrtr_form_elicitation: replay-request-state completed');
  });

  it('no suite when no retry was altered', async () => {
    expect(suite(await render('junit', stateReport(undefined)), 'chaos MRTR state')).toBeUndefined();
  });
});

describe('MRTR state findings in SARIF', () => {
  it('an error per completed tampered retry and a warning per other completion, on the scenario line; refusals are no result', async () => {
    const run = JSON.parse(await render('sarif', stateReport(FINDINGS))).runs[0];
    const results = (run.results as Array<Record<string, any>>).filter((r) => String(r.ruleId).startsWith('state.'));
    expect(results.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.region.startLine])).toEqual([
      ['state.tamper-request-state', 'error', 62],
      ['state.tamper-request-state', 'error', 62],
      ['state.replay-request-state', 'warning', 68],
    ]);
    expect(results[0]!.locations[0].physicalLocation.artifactLocation.uri).toBe('faults.yaml');
    expect(results[0]!.message.text).toBe('mrtr-tampered with baseline: mrtr_form_elicitation: tamper-request-state completed');
    // Two retries of one scenario are two alerts, each stable between runs.
    expect(results[0]!.partialFingerprints).not.toEqual(results[1]!.partialFingerprints);
    const rule = (run.tool.driver.rules as Array<Record<string, any>>).find((r) => r.id === 'state.tamper-request-state')!;
    expect(rule.properties).toMatchObject({ area: 'chaos', tags: ['security'], 'security-severity': '8.0' });
  });

  it('a finding with no scenario line goes on the anchor file', async () => {
    const bare = finding({ seq: 3, fault: 'tamper-request-state', reaction: 'completed', status: 'fail' });
    delete bare.model;
    const run = JSON.parse(await FORMATS.sarif.render(stateReport([bare]), { anchorFile: 'servers/mcpgate.yaml' })).runs[0];
    const result = (run.results as Array<Record<string, any>>).find((r) => r.ruleId === 'state.tamper-request-state')!;
    expect(result.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'servers/mcpgate.yaml' }, region: { startLine: 1 } });
    expect(result.message.text).toBe('mrtr_form_elicitation: tamper-request-state completed');
  });
});
