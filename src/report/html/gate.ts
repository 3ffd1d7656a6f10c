/**
 * The gate in the HTML report, right under the header, when the report carries a gate result: the
 * baseline run taken, each item baseline against current with its interval and the decision (what did
 * not pass first, the rest folded), the metric items defined, the drift, and the tool-surface diff
 * since the baseline run. Every value from a report, the server or a golden file goes through esc().
 */

import {
  baselineFacts,
  decisionText,
  driftText,
  dropText,
  findingsByUrgency,
  rateText,
  rulesLine,
  surfaceFacts,
  type BaselineFacts,
} from '../gate-facts.js';
import { metricTerm, metricTermsIn, type MetricTerm } from '../metric-terms.js';
import type { GateFinding, GateResult, Report } from '../model.js';
import { describeFieldChange, type FieldChange, type ToolChange } from '../tool-diff.js';
import { esc } from './escape.js';
import { plural } from '../../shared/plural.js';

const STATUS_CLASS: Record<string, string> = { pass: 'pass', fail: 'fail', inconclusive: 'not_measured' };

const badge = (verdict: string): string => `<span class="st st-${STATUS_CLASS[verdict] ?? 'skip'}">${esc(decisionText(verdict))}</span>`;

export function gateSection(report: Report): string {
  const gate = report.gate;
  if (!gate) return '';
  const facts = baselineFacts(gate);
  const terms = metricTermsIn([...gate.findings.map((f) => f.item), gate.reason, report.verdict.reason]);
  // By position: a model id is free text and would make a poor id attribute.
  const anchors = new Map(terms.map((t, i) => [t.id, `term-${i}`]));
  return (
    `<section aria-labelledby="gate" class="gate"><h2 id="gate">${heading(facts)}</h2>` +
    `<p>${badge(gate.verdict)} <span class="gate-reason">${esc(gate.reason)} (exit code ${gate.exitCode})</span></p>` +
    baselineList(facts, gate) +
    findingTables(gate, anchors) +
    termsList(terms, anchors) +
    driftTable(gate) +
    surface(report, gate) +
    `</section>`
  );
}

function heading(facts: BaselineFacts): string {
  if (facts.unavailable !== undefined) return 'Gate: no baseline to compare with';
  return facts.runId ? `Gate: against run <code>${esc(facts.runId)}</code>` : 'Gate: against the baseline report';
}

/** The verdict line may name metric items too: a pointer to their definitions, under the badge. */
export function termsPointer(report: Report): string {
  if (!report.gate || metricTermsIn([report.verdict.reason]).length === 0) return '';
  return `<p class="note">The metric items named in the verdict are defined in the <a href="#terms">gate section</a>.</p>`;
}

function baselineList(facts: BaselineFacts, gate: GateResult): string {
  const rows: Array<[string, string]> =
    facts.unavailable !== undefined
      ? [['baseline', `none usable: ${facts.unavailable}`]]
      : [
          ['baseline run', facts.runId ?? 'not from the history (a report file)'],
          ['date', facts.startedAt ?? 'unknown'],
          ['commit', facts.commit ?? 'not recorded'],
          ...(facts.exitCode === undefined ? [] : [['recorded with', `exit code ${facts.exitCode}`] as [string, string]]),
          ...(facts.source ? [['report', facts.source] as [string, string]] : []),
          ...(facts.accepted ? [['accepted', `on ${facts.accepted.acceptedAt}: ${facts.accepted.reason}`] as [string, string]] : []),
        ];
  rows.push(['rules', rulesLine(gate)]);
  return `<dl class="header gate-baseline" id="gate-baseline">${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

const HEAD = ['Decision', 'Item', 'Rule', 'Baseline', 'Current', 'Drop (interval)', 'Drift', 'Why'];

type Anchors = ReadonlyMap<string, string>;

function findingTable(caption: string, findings: GateFinding[], anchors: Anchors): string {
  return (
    `<table class="gate-items"><caption>${caption}</caption><thead><tr>${HEAD.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
    `<tbody>${findings.map((f) => findingRow(f, anchors)).join('')}</tbody></table>`
  );
}

function findingTables(gate: GateResult, anchors: Anchors): string {
  const all = findingsByUrgency(gate);
  if (all.length === 0) return '<p class="note">No item was compared.</p>';
  const open = all.filter((f) => f.verdict !== 'pass');
  const passed = all.filter((f) => f.verdict === 'pass');
  return (
    (open.length > 0 ? findingTable('Items that did not pass: baseline against current, with Wilson intervals', open, anchors) : '') +
    (passed.length > 0
      ? `<details class="gate-passed"><summary>${plural(passed.length, 'item')} passed</summary>${findingTable('Items that passed', passed, anchors)}</details>`
      : '') +
    `<p class="note">Rates are successes of measured samples with their Wilson interval; the drop is baseline minus current ` +
    `(current minus baseline for a rate that must not rise), in points.</p>`
  );
}

function itemCell(item: string, anchors: Anchors): string {
  const term = metricTerm(item);
  const anchor = anchors.get(item);
  if (!term || !anchor) return `<code>${esc(item)}</code>`;
  return `<abbr title="${esc(term.definition)}"><a href="#${anchor}"><code>${esc(item)}</code></a></abbr>`;
}

function findingRow(f: GateFinding, anchors: Anchors): string {
  return (
    `<tr data-verdict="${esc(f.verdict)}"><td>${badge(f.verdict)}</td><td>${itemCell(f.item, anchors)}</td><td>${esc(f.rule)}</td>` +
    `<td>${esc(rateText(f.baseline))}</td><td>${esc(rateText(f.current))}</td><td>${esc(dropText(f))}</td>` +
    `<td>${esc(driftText(f.drift))}</td><td>${esc(f.reason)}</td></tr>`
  );
}

function termsList(terms: MetricTerm[], anchors: Anchors): string {
  if (terms.length === 0) return '';
  return (
    `<h3 id="terms">Metric items</h3><dl class="terms">` +
    terms.map((t) => `<dt id="${anchors.get(t.id)}"><code>${esc(t.id)}</code></dt><dd>${esc(t.definition)}</dd>`).join('') +
    `</dl>`
  );
}

function driftTable(gate: GateResult): string {
  if (gate.drift.length === 0) return '';
  const rows = gate.drift.map(
    (d) =>
      `<tr><th scope="row"><code>${esc(d.id)}</code></th><td>${esc(d.model)}</td><td>${d.baseline.k}/${d.baseline.n}</td><td>${d.current.k}/${d.current.n}</td><td>${esc(driftText(d.label))}</td></tr>`,
  );
  return (
    `<details class="gate-drift" id="gate-drift"><summary>Drift: ${plural(gate.drift.length, 'case result')} dropped since the baseline, significant or not</summary>` +
    `<table class="gate-drift"><caption>Drops since the baseline, with what the fingerprints say about them</caption>` +
    `<thead><tr><th scope="col">Case</th><th scope="col">Model</th><th scope="col">Baseline</th><th scope="col">Current</th><th scope="col">Label</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table></details>`
  );
}

function surface(report: Report, gate: GateResult): string {
  const facts = surfaceFacts(report, gate);
  if (!facts) return '';
  const head = `<h3 id="tool-surface">Tool surface since the baseline</h3><p>${esc(facts.line)}</p>`;
  if (facts.missing) return `${head}<p class="note">${esc(facts.missing)}</p>`;
  const changes = facts.changes ?? [];
  if (changes.length === 0) return `${head}<p>No tool was added, removed or changed.</p>`;
  return (
    `${head}<table class="tool-diff"><caption>Tools removed, changed and added since the baseline run</caption>` +
    `<thead><tr><th scope="col">Change</th><th scope="col">Tool</th><th scope="col">What changed</th></tr></thead>` +
    `<tbody>${changes.map(changeRow).join('')}</tbody></table>`
  );
}

const pretty = (value: unknown): string => (value === undefined ? '(none)' : JSON.stringify(value, null, 2));
const isStructured = (value: unknown): boolean => value !== null && typeof value === 'object';

/** A schema or annotations whole, both sides: the line above names the places, this shows them in context. */
function thenAndNow(f: FieldChange): string {
  return (
    `<details><summary>${esc(f.field)} then and now</summary>` +
    `<div class="label">baseline</div><pre>${esc(pretty(f.before))}</pre><div class="label">now</div><pre>${esc(pretty(f.after))}</pre></details>`
  );
}

function changeRow(change: ToolChange): string {
  const kind = { removed: 'fail', changed: 'warn', added: 'pass' }[change.kind];
  let what: string;
  if (change.kind === 'changed') {
    what = change.fields
      .map(
        (f) =>
          `<div class="field-change">${esc(describeFieldChange(f))}${isStructured(f.before) || isStructured(f.after) ? thenAndNow(f) : ''}</div>`,
      )
      .join('');
  } else {
    const description = change.surface?.description;
    what =
      (description !== undefined ? `<div>${esc(description)}</div>` : '') +
      `<details><summary>definition ${change.kind === 'added' ? 'now' : 'in the baseline'}</summary><pre>${esc(pretty(change.surface))}</pre></details>`;
  }
  return `<tr data-change="${change.kind}"><td><span class="st st-${kind}">${change.kind}</span></td><td><code>${esc(change.tool)}</code></td><td>${what}</td></tr>`;
}
