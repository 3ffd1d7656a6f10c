/**
 * A case over time: per model, its pass rate in each run (date, run id, Wilson interval), the
 * baseline marked, drops labelled model drift or server change; then what the model did in the newest
 * run that did not pass, side by side with a run that passed, as the HTML report shows a run.
 */

import { rateText } from '../../report/gate-facts.js';
import { sparkline } from '../../report/html/chart-history.js';
import { esc } from '../../report/html/escape.js';
import { sameRuns, sampleBlock } from '../../report/html/trajectories.js';
import { describeIdentity } from '../../gate/target.js';
import type { EvalCaseResult } from '../../report/model.js';
import { currentMarks, type BaselineMark } from '../baselines.js';
import { caseHistory, newestFailing, passingBeside, type CaseHistory, type CasePoint } from '../case-history.js';
import type { HistoryIndex, IndexSnapshot } from '../history-index.js';
import { page, runLink, type PageContext, type ViewPage } from '../page.js';
import type { TargetIdentity } from '../../gate/target.js';

/** Different failing runs shown beside the passing one. */
const FAILING_SHOWN = 3;

const DROP_NOTES: Record<string, [string, string]> = {
  'model-drift': ['mark-drift', 'dropped, server unchanged: model drift'],
  regression: ['mark-server', 'dropped after the server changed'],
  unattributed: ['mark-drift', 'dropped (a fingerprint is missing: cause unknown)'],
};

function notes(point: CasePoint, marks: BaselineMark[] | undefined): string {
  const parts: string[] = [];
  if (marks)
    parts.push(...marks.map((m) => `<span class="mark" title="${esc(m.of)}">baseline</span> <span class="muted">${esc(m.why)}</span>`));
  if (point.drop) {
    const [cls, text] = DROP_NOTES[point.drop] ?? ['mark-drift', point.drop];
    parts.push(`<span class="mark ${cls}">${esc(text)}</span>`);
  } else if (point.serverChanged) parts.push('<span class="mark mark-server">server changed</span>');
  return parts.join(' ');
}

function modelTable(
  history: CaseHistory,
  model: string,
  points: CasePoint[],
  marks: Map<string, BaselineMark[]>,
  context: PageContext,
): string {
  const byRun = new Map(points.map((p) => [p.run.runId, p]));
  const rates = history.runs.map((r) => {
    const p = byRun.get(r.runId);
    return p && p.rate.n > 0 ? p.rate.rate : undefined;
  });
  const rows = [...points]
    .reverse()
    .map(
      (p) =>
        `<tr data-run="${esc(p.run.runId)}"${p.drop ? ` data-drop="${esc(p.drop)}"` : ''}><td>${runLink(context, p.run)}</td>` +
        `<td>${esc(rateText(p.rate))}${p.row.errors > 0 ? ` <span class="muted">(${p.row.errors} of ${p.row.runs} runs could not be scored)</span>` : ''}</td>` +
        `<td>${p.row.status !== undefined ? `<span class="st st-${esc(p.row.status)}">${esc(p.row.status)}</span>` : '-'}</td>` +
        `<td>${p.run.green ? 'yes' : 'no'}</td><td>${notes(p, marks.get(p.run.runId))}</td></tr>`,
    );
  return (
    `<h2 id="view-model-${esc(String(history.models.findIndex((m) => m.model === model)))}">${esc(model)}</h2>` +
    `<figure class="scroll">${sparkline(`pass rate over time of ${history.id} with ${model}`, rates)}<figcaption>Pass rate in each of the ${history.runs.length} runs of this server, oldest left; a gap is a run without this case.</figcaption></figure>` +
    `<table class="view-case"><caption>Each run of ${esc(history.id)} with ${esc(model)}, newest first: passes of runs, the rate and its Wilson interval</caption>` +
    `<thead><tr><th scope="col">Run</th><th scope="col">Passes</th><th scope="col">Status</th><th scope="col">Green</th><th scope="col">Notes</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function caseIn(index: HistoryIndex, point: CasePoint, id: string, model: string): EvalCaseResult | string {
  const report = index.report(point.run);
  if (typeof report === 'string') return report;
  return report.eval?.cases.find((c) => c.id === id && c.model === model) ?? 'the report does not hold this case';
}

function sideBySide(index: HistoryIndex, history: CaseHistory, model: string, points: CasePoint[], context: PageContext): string {
  const failing = newestFailing(points);
  if (!failing) return '<p class="note">Every run of this case passed with this model: there is no failing run to show.</p>';
  const failed = caseIn(index, failing, history.id, model);
  const left =
    typeof failed === 'string'
      ? `<p class="alert">${esc(failed)}</p>`
      : sameRuns(failed.trajectories.filter((t) => t.status !== 'pass'))
          .slice(0, FAILING_SHOWN)
          .map((group) => sampleBlock(group, failed.runs))
          .join('');
  const passing = passingBeside(points, failing);
  let right = '<p class="note">No run of this case passed with this model.</p>';
  if (passing) {
    const passed = caseIn(index, passing, history.id, model);
    const sample = typeof passed === 'string' ? undefined : passed.trajectories.find((t) => t.status === 'pass');
    right =
      typeof passed === 'string'
        ? `<p class="alert">${esc(passed)}</p>`
        : sample
          ? sampleBlock([sample], passed.runs)
          : '<p class="note">The report holds no passing run of this case.</p>';
  }
  return (
    `<h3>What ${esc(model)} did</h3><div class="side-by-side">` +
    `<div class="failing"><h4>Did not pass: run ${runLink(context, failing.run)}</h4>${left}</div>` +
    `<div class="passing"><h4>Passed${passing ? `: run ${runLink(context, passing.run)}` : ''}</h4>${right}</div></div>`
  );
}

export function casePage(index: HistoryIndex, snapshot: IndexSnapshot, target: TargetIdentity, id: string, context: PageContext): ViewPage {
  const history = caseHistory(snapshot, target, id);
  const marks = currentMarks(snapshot);
  const sections = history.models.map(
    ({ model, points }) => modelTable(history, model, points, marks, context) + sideBySide(index, history, model, points, context),
  );
  const main =
    `<h1>Case <code>${esc(id)}</code></h1><p>${esc(describeIdentity(target))}: ${history.runs.length} runs, ${history.models.length} model${history.models.length === 1 ? '' : 's'}.</p>` +
    `<p class="note">A drop is labelled as the gate labels drift: the server's fingerprint unchanged since the model's previous run points at the model, a changed one at the server.</p>` +
    sections.join('');
  return page(context, `case ${id}`, main);
}
