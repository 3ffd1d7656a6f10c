/**
 * Layer 2 in the HTML report beside the robustness probes (checks, shown under conformance): the
 * security scan, tool pins, fault scenarios, injections and the client fixture. Failures come first
 * in each table; every string from the server passes through esc().
 */

import { injectionReasons, scenarioReasons } from '../failure-reasons.js';
import type { ChaosReport, Status } from '../model.js';
import { esc } from './escape.js';
import { plural } from '../../shared/plural.js';

const ORDER: Partial<Record<Status, number>> = { fail: 0, error: 1, not_measured: 2, warn: 3 };
const SEVERITY_STATUS: Record<string, Status> = { high: 'fail', medium: 'warn', low: 'skip' };

const badge = (status: string, text = status.replace('_', ' ')): string => `<span class="st st-${esc(status)}">${esc(text)}</span>`;
const byUrgency = <T extends { status: Status }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => (ORDER[a.status] ?? 9) - (ORDER[b.status] ?? 9));

function table(caption: string, head: string[], rows: string[]): string {
  return (
    `<table class="chaos"><caption>${caption}</caption><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

export function chaosSection(chaos: ChaosReport): string {
  return (
    `<section aria-labelledby="chaos"><h2 id="chaos">Resilience and security (layer 2)</h2>` +
    scan(chaos.scan) +
    (chaos.pins ? pins(chaos.pins) : '') +
    (chaos.agent ? agent(chaos.agent) : '') +
    (chaos.client
      ? `<h3 id="chaos-client">Client re-issue after a cut stream</h3><p>${badge(chaos.client.status)} ${esc(chaos.client.verdict)}: ${esc(chaos.client.message)}</p>`
      : '') +
    `</section>`
  );
}

function scan(s: ChaosReport['scan']): string {
  const n = s.scanned;
  const high = s.findings.filter((f) => f.severity === 'high').length;
  const incomplete = (s.incomplete ?? []).map((list) => `<p class="alert">Not scanned completely: ${esc(list)}</p>`).join('');
  const summary =
    `<p>${n.tools} tools, ${n.prompts} prompts, ${n.resources} resources, ${n.resourceTemplates} resource templates scanned: ` +
    `${s.findings.length} findings, ${high} of high severity.</p>${incomplete}`;
  const rows = s.findings.map(
    (f) =>
      `<tr data-severity="${esc(f.severity)}"><td>${badge(SEVERITY_STATUS[f.severity] ?? 'warn', f.severity)}</td><td><code>${esc(f.rule)}</code><div class="muted">${esc(f.category)}</div></td>` +
      `<td>${esc(`${f.location.kind} ${f.location.name}`)}<div class="muted">${esc(f.location.field)}</div></td><td>${esc(f.message)}<pre>${esc(f.match)}</pre></td></tr>`,
  );
  return (
    `<h3 id="chaos-scan">Security scan</h3>${summary}` +
    (rows.length > 0
      ? table('Findings (high fails the run; medium and low are warnings)', ['Severity', 'Rule', 'Where', 'Finding'], rows)
      : '')
  );
}

function pins(p: NonNullable<ChaosReport['pins']>): string {
  const status =
    p.status === 'drift' ? (p.changes.some((c) => c.severity === 'high') ? 'fail' : 'warn') : p.status === 'not-checked' ? 'skip' : 'pass';
  const rows = p.changes.map(
    (c) =>
      `<tr><td>${badge(SEVERITY_STATUS[c.severity] ?? 'warn', c.severity)}</td><td>${esc(c.kind)}</td><td><code>${esc(c.tool)}</code></td><td>${esc(c.message)}</td></tr>`,
  );
  return (
    `<h3 id="chaos-pins">Tool pins</h3><p>${badge(status, p.status)} ${esc(p.file)}: ${p.tools} tools, ${plural(p.changes.length, 'change')}.</p>` +
    (rows.length > 0 ? table('Changes since the tools were pinned', ['Severity', 'Change', 'Tool', 'Message'], rows) : '')
  );
}

function agent(a: NonNullable<ChaosReport['agent']>): string {
  const { summary } = a;
  const scenarios = byUrgency(a.scenarios).map(
    (s) =>
      `<tr data-status="${esc(s.status)}"><th scope="row">${esc(s.id)}<div class="muted">${esc(s.source)}</div></th><td>${esc(s.model)}</td>` +
      `<td>${esc(s.fault)} on <code>${esc(s.tool)}</code></td><td>${s.passes}/${s.runs}</td><td>${badge(s.status)}</td>` +
      `<td>${esc(s.status === 'pass' ? s.message : scenarioReasons(s) || s.message)}</td></tr>`,
  );
  const injections = byUrgency(a.injections).map(
    (i) =>
      `<tr data-status="${esc(i.status)}"><th scope="row">${esc(i.id)}<div class="muted">${esc(i.source)}</div></th><td>${esc(i.model)}</td>` +
      `<td>${esc(i.class)} via <code>${esc(i.tool)}</code></td><td>${i.successes}/${i.scored} <span class="muted">(${i.runs} runs)</span></td><td>${badge(i.status)}</td>` +
      `<td>${esc(injectionReasons(i))}</td></tr>`,
  );
  return (
    `<h3 id="chaos-scenarios">Fault scenarios and injections</h3>` +
    `<p>${summary.passed}/${summary.scenarios} scenarios passed, ${summary.failed} failed, ${summary.notMeasured} not measured, ${summary.errors} errors; ` +
    `attacks succeeded in ${summary.attacks.successes}/${summary.attacks.scored} scored runs.</p>` +
    (scenarios.length > 0
      ? table('How the agent reacted to each fault', ['Scenario', 'Model', 'Fault', 'Passes', 'Status', 'Why'], scenarios)
      : '') +
    (injections.length > 0
      ? table(
          'Injected tool output: runs where the attack succeeded',
          ['Injection', 'Model', 'Class', 'Attack succeeded', 'Status', 'Why'],
          injections,
        )
      : '')
  );
}
