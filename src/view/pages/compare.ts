/**
 * Two runs compared: what differs in their setup, the gate's decision as the HTML report shows it
 * (findings with Wilson intervals, drift against regression, the tool-surface diff), then every case
 * and every check before and after, so a drop the gate let through is as visible as one it failed.
 */

import { decisionText, driftText, rateText } from '../../report/gate-facts.js';
import { esc } from '../../report/html/escape.js';
import { gateSection } from '../../report/html/gate.js';
import { caseKey } from '../case-key.js';
import { compareRuns, type CaseLine, type CheckLine, type ConfigLine } from '../comparison.js';
import type { HistoryIndex } from '../history-index.js';
import { page, runLink, type PageContext, type ViewPage } from '../page.js';
import type { RunSummary } from '../run-summary.js';
import type { BaselineAcceptance } from '../../report/model.js';

const DECISION_CLASS: Record<string, string> = { pass: 'pass', fail: 'fail', inconclusive: 'not_measured' };

function configTable(lines: ConfigLine[]): string {
  const rows = lines.map((l) => {
    const changed = l.before !== l.after;
    return `<tr${changed ? ' class="changed"' : ''}><th scope="row">${esc(l.what)}${changed ? ' <span class="mark">changed</span>' : ''}</th><td class="value">${esc(l.before)}</td><td class="value">${esc(l.after)}</td></tr>`;
  });
  return (
    `<h2 id="view-config">Setup</h2><table class="view-config"><caption>What the two runs were made with; a changed row is marked</caption>` +
    `<thead><tr><th scope="col"></th><th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function decisionCell(line: CaseLine): string {
  if (line.finding)
    return `<span class="st st-${DECISION_CLASS[line.finding.verdict] ?? 'skip'}">${esc(decisionText(line.finding.verdict))}</span>`;
  if (line.change) return `<span class="st st-skip">not compared</span>`;
  // The gate names a hard case only when it failed or could not be scored: unnamed, it held.
  if (line.kind === 'hard' && line.after) return `<span class="st st-pass">${esc(decisionText('pass'))}</span>`;
  return '<span class="muted">not judged</span>';
}

function caseRow(line: CaseLine, after: RunSummary, context: PageContext): string {
  const why = line.finding?.reason ?? line.change?.reason ?? (line.kind === 'hard' ? 'hard case: must pass every run, and did' : '');
  return (
    `<tr data-case="${esc(`${line.id}@${line.model}`)}" data-decision="${esc(line.finding?.verdict ?? line.change?.change ?? 'none')}">` +
    `<th scope="row"><a href="${context.base}case/${caseKey(after.target, line.id)}.html"><code>${esc(line.id)}</code></a></th>` +
    `<td>${esc(line.model)}</td><td>${esc(line.kind)}</td><td>${esc(rateText(line.before))}</td><td>${esc(rateText(line.after))}</td>` +
    `<td>${decisionCell(line)}</td><td>${esc(driftText(line.drift))}</td><td>${esc(why)}</td></tr>`
  );
}

function casesTable(lines: CaseLine[], after: RunSummary, context: PageContext): string {
  if (lines.length === 0) return '';
  const head = ['Case', 'Model', 'Kind', 'Before', 'After', 'Gate', 'Drift', 'Why'];
  return (
    `<h2 id="view-cases">Cases</h2><table class="view-cases"><caption>Every case and model, before and after: passes of measured runs, the rate and its Wilson interval; failures and drops first</caption>` +
    `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${lines.map((l) => caseRow(l, after, context)).join('')}</tbody></table>`
  );
}

function checkRow(line: CheckLine): string {
  const status = (s: string | undefined): string =>
    s === undefined ? '<span class="muted">not run</span>' : `<span class="st st-${esc(s)}">${esc(s.replace('_', ' '))}</span>`;
  const decision = line.finding
    ? `<span class="st st-${DECISION_CLASS[line.finding.verdict] ?? 'skip'}">${esc(decisionText(line.finding.verdict))}</span> ${esc(line.finding.reason)}`
    : '';
  return `<tr data-check="${esc(line.id)}"><th scope="row"><code>${esc(line.id)}</code></th><td>${esc(line.level)}</td><td>${status(line.before)}</td><td>${status(line.after)}</td><td>${decision}</td></tr>`;
}

function checksTable(lines: CheckLine[]): string {
  if (lines.length === 0) return '';
  const moved = lines.filter((l) => l.before !== l.after || (l.finding && l.finding.verdict !== 'pass'));
  const same = lines.filter((l) => !moved.includes(l));
  const head = `<thead><tr><th scope="col">Check</th><th scope="col">Level</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Gate</th></tr></thead>`;
  const table = (caption: string, rows: CheckLine[]): string =>
    `<table class="view-checks"><caption>${caption}</caption>${head}<tbody>${rows.map(checkRow).join('')}</tbody></table>`;
  return (
    `<h2 id="view-checks">Checks</h2>` +
    (moved.length > 0 ? table('Checks whose status changed, or that the gate failed', moved) : '<p>No check changed status.</p>') +
    (same.length > 0
      ? `<details><summary>${same.length} checks with the same status</summary>${table('Checks with the same status', same)}</details>`
      : '')
  );
}

export interface ComparedPair {
  before: RunSummary;
  after: RunSummary;
  /** Why `before` is the one compared with: picked, or the run's baseline and why. */
  why: string;
  /** Set when `before` is the baseline because it was accepted by hand. */
  accepted?: BaselineAcceptance;
}

export function comparePage(index: HistoryIndex, { before, after, why, accepted }: ComparedPair, context: PageContext): ViewPage {
  const title = `${after.runId} against ${before.runId}`;
  const intro =
    `<h1>Compare two runs</h1><p>After: ${runLink(context, after)}<br>Before: ${runLink(context, before)} <span class="muted">(${esc(why)})</span></p>` +
    (context.served
      ? `<p><a href="${context.base}compare/${esc(after.runId)}-${esc(before.runId)}.html">swap before and after</a></p>`
      : '');
  const beforeReport = index.report(before);
  const afterReport = index.report(after);
  const unusable = [
    typeof beforeReport === 'string' ? `the report of ${before.runId}: ${beforeReport}` : '',
    typeof afterReport === 'string' ? `the report of ${after.runId}: ${afterReport}` : '',
  ].filter(Boolean);
  if (typeof beforeReport === 'string' || typeof afterReport === 'string')
    return page(context, title, `${intro}${unusable.map((u) => `<p class="alert">Cannot compare: ${esc(u)}</p>`).join('')}`);
  const comparison = compareRuns(beforeReport, afterReport, {
    runId: before.runId,
    exitCode: before.exitCode,
    ...(accepted ? { accepted: { acceptedAt: accepted.acceptedAt, reason: accepted.reason } } : {}),
  });
  const main =
    intro +
    configTable(comparison.config) +
    gateSection({ ...afterReport, gate: comparison.gate }) +
    casesTable(comparison.cases, after, context) +
    checksTable(comparison.checks);
  return page(context, title, main);
}
