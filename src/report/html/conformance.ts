/** Conformance results by area, each check's evidence folded under it. */

import { coverageComplete, coverageLine } from '../coverage-line.js';
import { ms } from '../format.js';
import { groupByArea } from '../group.js';
import type { CheckResult, Evidence, Report } from '../model.js';
import { esc, safeLink } from './escape.js';
import { plural } from '../../shared/plural.js';

export function conformanceSection(report: Report): string {
  const { summary } = report;
  const counts = Object.entries(summary.byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `<span class="st st-${status}">${n} ${status.replace('_', ' ')}</span>`)
    .join(' ');
  const stale = summary.staleExpectedFailures.map(
    (id) =>
      `<p class="alert">Stale expected failure: <code>${esc(id)}</code> passes now; remove it from ${esc(report.options.expectedFailuresFile ?? 'the expected-failures file')}.</p>`,
  );
  const areas = [...groupByArea(report.checks)].map(([area, checks]) => areaTable(area, checks));
  return (
    `<section aria-labelledby="conformance"><h2 id="conformance">Conformance (layer 0)</h2>` +
    `<p>${summary.total} checks: ${counts}</p>${coverageParagraph(report)}${stale.join('')}` +
    `<p class="controls"><label><input type="checkbox" id="show-passing"> show passing checks</label> ` +
    `<button type="button" id="expand-all">expand all evidence</button> <button type="button" id="collapse-all">collapse all</button></p>` +
    `${areas.join('')}</section>`
  );
}

/** Beside the totals, so the counts are read with what they cover; marked when something was left out. */
function coverageParagraph(report: Report): string {
  const { coverage } = report;
  if (coverage === undefined) return '';
  const partial = coverageComplete(coverage) ? '' : ' coverage-partial';
  return `<p class="coverage${partial}" id="coverage">${esc(coverageLine(coverage))}</p>`;
}

/**
 * An area whose checks all pass is marked, so that hiding passing checks folds it to its heading line.
 * An area with nothing to look at but skips (a server without annotations skips whole areas) is folded
 * into its summary line, so the areas that need a reader, and layer 1 after them, come up early.
 */
function areaTable(area: string, checks: CheckResult[]): string {
  const failing = checks.filter((c) => c.status !== 'pass' && c.status !== 'skip').length;
  const skipped = checks.filter((c) => c.status === 'skip').length;
  const allPass = skipped === 0 && failing === 0;
  const total = plural(checks.length, 'check');
  const table =
    `<table class="checks"><caption>Checks of area ${esc(area)}</caption>` +
    `<thead><tr><th scope="col">Status</th><th scope="col">Check</th><th scope="col">Level</th><th scope="col">Result</th></tr></thead>` +
    `<tbody>${checks.map(checkRow).join('')}</tbody></table>`;
  if (failing === 0 && skipped > 0) {
    const passed = checks.length - skipped;
    const counts = passed === 0 ? `${total}, ${skipped} skipped` : `${total}, ${passed} passed, ${skipped} skipped`;
    return (
      `<details class="area" data-all-pass="false" data-quiet="true"><summary><h3>${esc(area)} <span class="muted">${counts}</span></h3></summary>` +
      `${table}</details>`
    );
  }
  const skips = skipped > 0 ? `, ${skipped} skipped` : '';
  const counts = allPass ? `${total}, all passed` : `${total}, ${failing} not passing${skips}`;
  return `<div class="area" data-all-pass="${allPass}"><h3>${esc(area)} <span class="muted">${counts}</span></h3>${table}</div>`;
}

function checkRow(check: CheckResult): string {
  const expected = check.expectedFailure && check.status !== 'pass' ? ' (expected)' : '';
  const fix = check.fix ? `<p class="fix">Fix: ${esc(check.fix)}</p>` : '';
  const spec = safeLink('spec', check.specRef);
  const evidence =
    check.evidence.length > 0
      ? `<details><summary>evidence (${check.evidence.length})</summary>${check.evidence.map(evidenceBlock).join('')}</details>`
      : '';
  return (
    `<tr data-status="${esc(check.status)}"><td><span class="st st-${esc(check.status)}">${esc(check.status.replace('_', ' '))}${expected}</span></td>` +
    `<td><code>${esc(check.id)}</code><div class="muted">${esc(check.title)}</div></td><td>${esc(check.level)}</td>` +
    `<td>${esc(check.message)} <span class="muted">${ms(check.durationMs)}</span> ${spec}${fix}${evidence}</td></tr>`
  );
}

function evidenceBlock(e: Evidence): string {
  const part = (name: string, value: string | undefined): string =>
    value === undefined ? '' : `<dt>${name}</dt><dd><pre>${esc(value)}</pre></dd>`;
  return `<dl class="evidence">${e.label === undefined ? '' : `<dt>about</dt><dd>${esc(e.label)}</dd>`}${part('sent', e.sent)}${part('received', e.received)}${part('expected', e.expected)}</dl>`;
}
