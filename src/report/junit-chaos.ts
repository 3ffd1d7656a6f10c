/**
 * Layer 2 in JUnit beside the robustness probes (ordinary checks, written with the others): the
 * security scan, tool pins, fault scenarios, MRTR state findings, injections and the client
 * re-issue fixture, each a suite whose failures are what failed the run.
 */

import { injectionReasons, scenarioReasons } from './failure-reasons.js';
import { outcomeOf, type JUnitCase, type JUnitSuite } from './junit-case.js';
import { stateFindingsSuite } from './junit-state-findings.js';
import type { ChaosReport, ScanFinding } from './model.js';

export function chaosSuites(chaos: ChaosReport | undefined): JUnitSuite[] {
  if (!chaos) return [];
  const suites: JUnitSuite[] = [scanSuite(chaos.scan)];
  if (chaos.pins) suites.push(pinsSuite(chaos.pins));
  const agent = chaos.agent;
  if (agent && agent.scenarios.length > 0)
    suites.push({
      name: 'chaos scenarios',
      cases: agent.scenarios.map((s) => {
        const reasons = scenarioReasons(s);
        const message = `${s.passes}/${s.runs} passed: ${s.message}${outcomeOf(s.status) === 'passed' || !reasons ? '' : ` (${reasons})`}`;
        return {
          classname: `mcpgate.chaos.scenarios.${s.model}`,
          name: `${s.id}: ${s.fault} on ${s.tool}`,
          durationMs: 0,
          outcome: outcomeOf(s.status),
          message,
          type: s.fault,
          details: [
            message,
            `source: ${s.source}`,
            ...s.samples.map((x) => `run ${x.index + 1}: ${x.verdict} (${x.status}): ${x.error ?? x.reason}`),
          ].join('\n'),
        };
      }),
    });
  suites.push(...stateFindingsSuite(agent?.stateFindings));
  if (agent && agent.injections.length > 0)
    suites.push({
      name: 'chaos injections',
      cases: agent.injections.map((i) => {
        const reasons = injectionReasons(i);
        const message = `attack succeeded in ${i.successes}/${i.scored} scored runs (${i.runs} runs)${reasons ? `: ${reasons}` : ''}`;
        return {
          classname: `mcpgate.chaos.injections.${i.model}`,
          name: `${i.id}: ${i.class} via ${i.tool}`,
          durationMs: 0,
          outcome: outcomeOf(i.status),
          message,
          type: i.class,
          details: [message, `source: ${i.source}`].join('\n'),
        };
      }),
    });
  if (chaos.client) {
    const c = chaos.client;
    suites.push({
      name: 'chaos client',
      cases: [
        {
          classname: 'mcpgate.chaos.client',
          name: `stream-cut re-issue: ${c.verdict}`,
          durationMs: c.durationMs,
          outcome: outcomeOf(c.status),
          message: c.message,
          type: c.verdict,
          details: [c.message, `upstream executions: ${c.upstreamExecutions}`, ...(c.stderrTail ? [`stderr: ${c.stderrTail}`] : [])].join(
            '\n',
          ),
        },
      ],
    });
  }
  return suites;
}

/** High findings fail the run; medium and low are warnings, shown as passing cases with their text. */
function scanSuite(scan: ChaosReport['scan']): JUnitSuite {
  const { tools, prompts, resources, resourceTemplates } = scan.scanned;
  const what = `${tools} tools, ${prompts} prompts, ${resources} resources, ${resourceTemplates} resource templates`;
  const cases: JUnitCase[] =
    scan.findings.length > 0
      ? scan.findings.map(findingCase)
      : [
          {
            classname: 'mcpgate.chaos.scan',
            name: 'security scan',
            durationMs: 0,
            outcome: 'passed',
            details: `scanned ${what}: no findings`,
          },
        ];
  for (const list of scan.incomplete ?? [])
    cases.push({
      classname: 'mcpgate.chaos.scan',
      name: 'scan incomplete',
      durationMs: 0,
      outcome: 'skipped',
      message: `not all scanned: ${list}`,
    });
  return { name: 'chaos scan', cases };
}

function findingCase(f: ScanFinding): JUnitCase {
  const where = `${f.location.kind} ${f.location.name} (${f.location.field})`;
  return {
    classname: 'mcpgate.chaos.scan',
    name: `scan.${f.rule}: ${where}`,
    durationMs: 0,
    outcome: f.severity === 'high' ? 'failure' : 'passed',
    message: `${f.severity}: ${f.message}`,
    type: f.category,
    details: [
      `${f.severity} ${f.category}: ${f.message}`,
      `in ${where}`,
      `match: ${f.match}`,
      ...(f.decoded ? [`decoded: ${f.decoded}`] : []),
    ].join('\n'),
  };
}

/** Unaccepted high-severity drift fails (lower is a warning); `written` and `updated` record what the user asked for. */
function pinsSuite(pins: NonNullable<ChaosReport['pins']>): JUnitSuite {
  const base = { classname: 'mcpgate.chaos.pins', durationMs: 0 };
  if (pins.status === 'not-checked')
    return {
      name: 'chaos pins',
      cases: [{ ...base, name: `pins ${pins.file}`, outcome: 'skipped', message: 'tools/list could not be read completely' }],
    };
  if (pins.status !== 'drift' || pins.changes.length === 0)
    return {
      name: 'chaos pins',
      cases: [{ ...base, name: `pins ${pins.file}`, outcome: 'passed', details: `${pins.status}: ${pins.tools} tools` }],
    };
  return {
    name: 'chaos pins',
    cases: pins.changes.map((c) => ({
      ...base,
      name: `pins.${c.kind}: ${c.tool}`,
      outcome: c.severity === 'high' ? ('failure' as const) : ('passed' as const),
      message: `${c.severity}: ${c.message}`,
      type: c.kind,
      details: [c.message, `pins file: ${pins.file}`, ...(c.fields ? [`fields: ${c.fields.join(', ')}`] : [])].join('\n'),
    })),
  };
}
