/**
 * The gate in the Markdown summary, when the report carries a gate result: the baseline run taken, each
 * item baseline against current with its interval and the decision, the metric items explained, the
 * drift, and what changed on the server's tool surface since the baseline run.
 */

import {
  baselineFacts,
  baselineLine,
  decisionText,
  driftText,
  dropText,
  findingsByUrgency,
  rateText,
  rulesLine,
  surfaceFacts,
} from './gate-facts.js';
import { code, md, table } from './markdown-text.js';
import { metricTermsIn } from './metric-terms.js';
import type { GateResult, Report } from './model.js';
import { describeFieldChange, shownValue, type ToolChange } from './tool-diff.js';

/** A change's description: longer than a name, shorter than a paragraph. */
const CHANGE_MAX_CHARS = 600;

export function gateMarkdown(report: Report, rows: number): string[] {
  const gate = report.gate;
  if (!gate) return [];
  const facts = baselineFacts(gate);
  const heading = facts.runId ? `### Gate: against run ${code(facts.runId)}` : '### Gate';
  const lines = [
    heading,
    '',
    `**${md(decisionText(gate.verdict))}**: ${md(gate.reason, 2_000)} (exit code ${gate.exitCode})`,
    '',
    `Baseline: ${md(baselineLine(facts), 1_000)}.`,
    '',
    `Rules: ${md(rulesLine(gate), 1_000)}.`,
  ];
  lines.push(...findingsTable(gate, rows), ...legend(report, gate), ...driftTable(gate, rows), ...surface(report, gate, rows));
  return lines;
}

function findingsTable(gate: GateResult, rows: number): string[] {
  const findings = findingsByUrgency(gate);
  if (findings.length === 0) return ['', 'No item was compared.'];
  const body = findings.map((f) => [
    md(decisionText(f.verdict)),
    code(f.item),
    md(f.rule),
    rateText(f.baseline),
    rateText(f.current),
    dropText(f),
    md(driftText(f.drift)),
    md(f.reason),
  ]);
  return ['', ...table(['Decision', 'Item', 'Rule', 'Baseline', 'Current', 'Drop (interval)', 'Drift', 'Why'], body, rows)];
}

/** Every metric item named in the gate or the verdict, defined once under the table. */
function legend(report: Report, gate: GateResult): string[] {
  const terms = metricTermsIn([...gate.findings.map((f) => f.item), gate.reason, report.verdict.reason]);
  const lines = [
    '',
    'Rates are successes of measured samples with their Wilson interval; the drop is baseline minus current (current minus baseline for a rate that must not rise), in points.',
  ];
  if (terms.length > 0) lines.push('', 'Metric items:', '', ...terms.map((t) => `- ${code(t.id)}: ${md(t.definition, 400)}`));
  return lines;
}

function driftTable(gate: GateResult, rows: number): string[] {
  if (gate.drift.length === 0) return [];
  const body = gate.drift.map((d) => [
    code(d.id),
    md(d.model),
    `${d.baseline.k}/${d.baseline.n}`,
    `${d.current.k}/${d.current.n}`,
    md(driftText(d.label)),
  ]);
  return [
    '',
    `**Drift**: ${gate.drift.length} case result(s) dropped since the baseline, significant or not.`,
    '',
    ...table(['Case', 'Model', 'Baseline', 'Current', 'Label'], body, rows),
  ];
}

function surface(report: Report, gate: GateResult, rows: number): string[] {
  const facts = surfaceFacts(report, gate);
  if (!facts) return [];
  const lines = ['', '#### Tool surface since the baseline', '', md(facts.line, 1_000)];
  if (facts.missing) return [...lines, '', md(facts.missing, 1_000)];
  const changes = facts.changes ?? [];
  if (changes.length === 0) return [...lines, '', 'No tool was added, removed or changed.'];
  return [...lines, '', ...table(['Change', 'Tool', 'What changed'], changes.map(changeRow), rows)];
}

function changeRow(change: ToolChange): string[] {
  const what =
    change.kind === 'changed'
      ? change.fields.map(describeFieldChange).join('; ')
      : change.surface?.description !== undefined
        ? `description ${shownValue(change.surface.description)}`
        : '';
  return [change.kind, code(change.tool), md(what, CHANGE_MAX_CHARS)];
}
