/**
 * Layer 2 in the Markdown summary beside the robustness probes (checks, listed under conformance):
 * the security scan, tool pins, fault scenarios, injections and the client fixture.
 */

import { injectionReasons, scenarioReasons } from './failure-reasons.js';
import { code, md, table } from './markdown-text.js';
import type { ChaosReport } from './model.js';
import { plural } from '../shared/plural.js';

export function chaosMarkdown(chaos: ChaosReport, rows: number): string[] {
  const { scan } = chaos;
  const s = scan.scanned;
  const high = scan.findings.filter((f) => f.severity === 'high').length;
  const lines = [
    '### Resilience and security (layer 2)',
    '',
    `Security scan: ${s.tools} tools, ${s.prompts} prompts, ${s.resources} resources, ${s.resourceTemplates} resource templates scanned; ` +
      `${scan.findings.length} findings (${high} high).`,
  ];
  for (const list of scan.incomplete ?? []) lines.push('', `Not scanned completely: ${md(list)}.`);
  if (scan.findings.length > 0)
    lines.push(
      '',
      ...table(
        ['Severity', 'Rule', 'Where', 'Finding'],
        scan.findings.map((f) => [
          f.severity,
          code(f.rule),
          md(`${f.location.kind} ${f.location.name} (${f.location.field})`),
          `${md(f.message)} Match: ${md(f.match)}`,
        ]),
        rows,
      ),
    );
  if (chaos.pins) lines.push('', ...pins(chaos.pins, rows));
  const agent = chaos.agent;
  if (agent) {
    const { summary } = agent;
    const attacks = summary.attacks;
    lines.push(
      '',
      `Fault scenarios: ${summary.passed}/${summary.scenarios} passed, ${summary.failed} failed, ${summary.notMeasured} not measured, ${summary.errors} errors. ` +
        `Injections: attack succeeded in ${attacks.successes}/${attacks.scored} scored runs.`,
    );
    if (agent.scenarios.length > 0)
      lines.push(
        '',
        ...table(
          ['Status', 'Scenario', 'Model', 'Fault', 'Passes', 'Why'],
          agent.scenarios.map((x) => [
            x.status,
            code(x.id),
            md(x.model),
            `${x.fault} on ${md(x.tool)}`,
            `${x.passes}/${x.runs}`,
            md(x.status === 'pass' ? x.message : scenarioReasons(x) || x.message),
          ]),
          rows,
        ),
      );
    if (agent.injections.length > 0)
      lines.push(
        '',
        ...table(
          ['Status', 'Injection', 'Model', 'Class', 'Attack succeeded', 'Why'],
          agent.injections.map((x) => [
            x.status,
            code(x.id),
            md(x.model),
            `${x.class} via ${md(x.tool)}`,
            `${x.successes}/${x.scored} scored runs`,
            md(injectionReasons(x)),
          ]),
          rows,
        ),
      );
  }
  if (chaos.client)
    lines.push('', `Client re-issue after a cut stream: ${chaos.client.status}, ${chaos.client.verdict}: ${md(chaos.client.message)}`);
  return lines;
}

function pins(p: NonNullable<ChaosReport['pins']>, rows: number): string[] {
  const head = `Tool pins (${md(p.file)}): ${p.status}, ${p.tools} tools${p.changes.length > 0 ? `, ${plural(p.changes.length, 'change')}` : ''}.`;
  if (p.changes.length === 0) return [head];
  return [
    head,
    '',
    ...table(
      ['Severity', 'Change', 'Tool', 'Message'],
      p.changes.map((c) => [c.severity, c.kind, code(c.tool), md(c.message)]),
      rows,
    ),
  ];
}
