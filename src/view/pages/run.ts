/**
 * A run: the HTML report's content, rendered again from the report stored in the history, so any past
 * run can be opened as it was; above it, where the run sits in the history: its baseline, the
 * comparison with it, and each of its cases over time.
 */

import { esc } from '../../report/html/escape.js';
import { reportBody } from '../../report/html/index.js';
import { sameTarget } from '../../gate/target.js';
import { baselineOf } from '../baselines.js';
import { caseKey } from '../case-key.js';
import type { HistoryIndex, IndexSnapshot } from '../history-index.js';
import { page, runLink, type PageContext, type ViewPage } from '../page.js';
import type { RunSummary } from '../run-summary.js';

/** Runs drawn in the report's pass-rate trend; a case's own page has every run. */
const TREND_RUNS = 60;

function placeInHistory(snapshot: IndexSnapshot, run: RunSummary, context: PageContext): string {
  const baseline = baselineOf(snapshot, run);
  const against =
    'none' in baseline
      ? `<p>Baseline: none (${esc(baseline.none)}).</p>`
      : `<p>Baseline: ${runLink(context, baseline.run)}, ${esc(baseline.why)}. <a href="${context.base}compare/${esc(run.runId)}.html">Compare this run with it</a>.</p>`;
  const ids = [...new Set(run.cases.map((c) => c.id))].sort();
  const cases =
    ids.length === 0
      ? ''
      : `<details class="view-cases"><summary>Each of its ${ids.length} cases over time</summary><ul>${ids
          .map((id) => `<li><a href="${context.base}case/${caseKey(run.target, id)}.html"><code>${esc(id)}</code></a></li>`)
          .join('')}</ul></details>`;
  return `<section class="view-run" aria-label="this run in the history"><p>Run ${runLink(context, run)}</p>${against}${cases}</section>`;
}

export function runPage(index: HistoryIndex, snapshot: IndexSnapshot, run: RunSummary, context: PageContext): ViewPage {
  const report = index.report(run);
  const top = placeInHistory(snapshot, run, context);
  if (typeof report === 'string')
    return page(context, `run ${run.runId}`, `${top}<p class="alert">The stored report of this run cannot be used: ${esc(report)}</p>`);
  // The report's trend chart: the runs of the same server up to this one, the last few.
  const history = snapshot.runs
    .filter((r) => sameTarget(r.target, run.target) && r.startedAt <= run.startedAt && r.runId !== run.runId)
    .slice(-TREND_RUNS);
  const points = history.map((r) => ({
    startedAt: r.startedAt,
    cases: r.cases.map((c) => ({ id: c.id, model: c.model, passRate: c.runs === 0 ? 0 : c.passes / c.runs })),
  }));
  return page(context, `run ${run.runId}`, `${top}\n${reportBody(report, points)}`);
}
