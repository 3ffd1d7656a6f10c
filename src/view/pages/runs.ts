/**
 * The runs list: every recorded run, newest first, with its date, commit, server, models, verdict,
 * suite state and pass rate; which run is the baseline of a next run and why; filters by server,
 * model and verdict; and a link to each run against its own baseline. Read from the summaries only.
 */

import { describeIdentity } from '../../gate/target.js';
import { exitBadge } from '../../shared/exit-codes.js';
import { esc } from '../../report/html/escape.js';
import { currentMarks, type BaselineMark } from '../baselines.js';
import type { IndexSnapshot } from '../history-index.js';
import { page, runLink, warningsBlock, type PageContext, type ViewPage } from '../page.js';
import { passLine, type RunSummary } from '../run-summary.js';

/** The verdict filter: what a person asks for, by exit code. */
const VERDICTS: Array<[string, string]> = [
  ['pass', 'passed (0)'],
  ['fail', 'failed (1)'],
  ['inconclusive', 'inconclusive (5)'],
  ['other', 'did not complete (2, 3, 4)'],
];

function verdictKey(exitCode: number): string {
  return exitCode === 0 ? 'pass' : exitCode === 1 ? 'fail' : exitCode === 5 ? 'inconclusive' : 'other';
}

export function serverLabel(run: Pick<RunSummary, 'target' | 'serverVersion'>): string {
  return `${run.target.server}${run.serverVersion !== undefined ? ` ${run.serverVersion}` : ''}`;
}

function select(name: string, label: string, options: Array<[string, string]>): string {
  const choices = options.map(([value, text]) => `<option value="${esc(value)}">${esc(text)}</option>`).join('');
  return `<label>${label} <select data-filter="${name}"><option value="">any</option>${choices}</select></label>`;
}

function filters(runs: readonly RunSummary[], served: boolean): string {
  const servers = [...new Set(runs.map((r) => r.target.server))].sort();
  const models = [...new Set(runs.flatMap((r) => r.models))].sort();
  const compare = served
    ? ` <button type="button" id="view-compare">compare the two runs picked</button> <span id="view-compare-note" class="muted"></span>`
    : '';
  return (
    `<div class="filters">${select(
      'server',
      'server',
      servers.map((s) => [s, s]),
    )}${select(
      'models',
      'model',
      models.map((m) => [m, m]),
    )}` +
    `${select('verdict', 'verdict', VERDICTS)}<span class="view-runs-count"><span id="view-shown">${runs.length}</span> of ${runs.length} runs shown</span>${compare}</div>`
  );
}

function baselinesList(snapshot: IndexSnapshot, marks: Map<string, BaselineMark[]>, context: PageContext): string {
  if (marks.size === 0)
    return '<p class="note">No baseline yet: no run is green or accepted (<code>mcpgate baseline accept RUN</code> makes one the baseline).</p>';
  const items = [...marks].flatMap(([runId, list]) => {
    const run = snapshot.byId.get(runId);
    return run ? list.map((m) => `<li>${esc(m.of)}: ${runLink(context, run)}, ${esc(m.why)}</li>`) : [];
  });
  return `<h2 id="view-baselines">Baselines</h2><p>The run <code>mcpgate gate --baseline auto</code> takes for a next run of each kind:</p><ul>${items.join('')}</ul>`;
}

function row(run: RunSummary, marks: BaselineMark[] | undefined, context: PageContext): string {
  const kind = run.exitCode === 0 ? (run.suite?.state === 'not-all-pass' ? 'known' : 'pass') : 'fail';
  const word = run.exitCode === 0 && run.suite?.state === 'not-all-pass' ? 'PASS*' : exitBadge(run.exitCode);
  const mark = marks
    ? marks
        .map((m) => `<span class="mark" title="${esc(`${m.of}: ${m.why}`)}">baseline</span> <span class="muted">${esc(m.why)}</span>`)
        .join('<br>')
    : '';
  const pick = context.served
    ? `<td><input type="radio" name="view-before" value="${esc(run.runId)}" aria-label="before: ${esc(run.runId)}"> <input type="radio" name="view-after" value="${esc(run.runId)}" aria-label="after: ${esc(run.runId)}"></td>`
    : '';
  return (
    `<tr data-run="${esc(run.runId)}" data-server="${esc(run.target.server)}" data-models="${esc(JSON.stringify(run.models))}" data-verdict="${verdictKey(run.exitCode)}">` +
    `<td>${esc(run.startedAt)}</td><td><a href="${context.base}run/${esc(run.runId)}.html"><code>${esc(run.runId)}</code></a></td>` +
    `<td>${run.commit !== undefined ? `<code title="${esc(run.commit)}">${esc(run.commit.slice(0, 12))}</code>` : '<span class="muted">-</span>'}</td>` +
    `<td>${esc(serverLabel(run))}<div class="muted">${esc(`${run.target.transport}, ${run.target.era}`)}</div></td>` +
    `<td>${esc(run.models.join(', ') || '-')}</td>` +
    `<td><span class="verdict verdict-${kind}">${esc(word)}</span></td>` +
    `<td class="reason">${esc(run.reason)}${run.suite ? `<div class="muted">${esc(run.suite.summary)}</div>` : ''}</td>` +
    `<td>${esc(passLine(run))}</td><td>${mark}</td>` +
    `<td><a href="${context.base}compare/${esc(run.runId)}.html">against its baseline</a></td>${pick}</tr>`
  );
}

export function runsPage(snapshot: IndexSnapshot, context: PageContext): ViewPage {
  const { runs } = snapshot;
  const marks = currentMarks(snapshot);
  const kinds = new Set(runs.map((r) => describeIdentity(r.target)));
  const intro =
    runs.length === 0
      ? `<p>No runs recorded in ${esc(context.historyDir)} yet: <code>mcpgate run</code> records each run there (<code>history.dir</code> in mcpgate.yaml).</p>`
      : `<p>${runs.length} run${runs.length === 1 ? '' : 's'} of ${kinds.size} server${kinds.size === 1 ? '' : 's'}, newest first.</p>`;
  const head = [
    'Started',
    'Run',
    'Commit',
    'Server',
    'Models',
    'Verdict',
    'Why',
    'Pass rate',
    'Baseline',
    'Compare',
    ...(context.served ? ['Before / after'] : []),
  ];
  const table =
    runs.length === 0
      ? ''
      : `${filters(runs, context.served)}<div class="scroll"><table class="runs" id="view-runs"><caption>Recorded runs; PASS* passed with items not passing</caption>` +
        `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>` +
        `<tbody>${[...runs]
          .reverse()
          .map((run) => row(run, marks.get(run.runId), context))
          .join('')}</tbody></table></div>`;
  const main = `<h1>Runs</h1>${warningsBlock(snapshot.warnings)}${intro}${runs.length > 0 ? baselinesList(snapshot, marks, context) : ''}${table}`;
  return page(context, 'runs', main);
}
