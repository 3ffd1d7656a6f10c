/** Layer 1 in the HTML report: scores per model, the charts, and every case. */

import { caseReasons } from '../failure-reasons.js';
import type { EvalCaseResult, EvalReport, Report } from '../model.js';
import { METRIC_TERMS } from '../metric-terms.js';
import { PER_MODEL_HEADERS, PER_MODEL_METRICS, perModelRow, type PerModelColumn } from '../per-model.js';
import { costChart } from './chart-cost.js';
import { confusionMaps } from './chart-confusion.js';
import { heatmap } from './chart-heatmap.js';
import { historySection, type HistoryPoint } from './chart-history.js';
import { latencyChart } from './chart-latency.js';
import { mrtrRoundLines } from '../eval-rounds.js';
import { esc } from './escape.js';
import { failingRunAnchors, trajectoriesSection } from './trajectories.js';

export function evalSection(report: Report, ev: EvalReport, history: readonly HistoryPoint[]): string {
  const judge = ev.judge ? `judge <code>${esc(ev.judge.id)}</code>` : 'no judge: task completion not measured';
  return (
    `<section aria-labelledby="behaviour"><h2 id="behaviour">Behaviour (layer 1)</h2>` +
    `<p>${ev.summary.passed}/${ev.summary.cases} cases passed, ${ev.summary.failed} failed, ${ev.summary.flaky} flaky, ${ev.summary.errored} errors. ` +
    `Golden set ${esc(ev.golden.file)} (${ev.golden.cases} cases, ${ev.settings.runs} runs each, at most ${ev.settings.maxSteps} model steps); ${judge}.</p>` +
    modelTable(ev) +
    `<h3 id="heatmap">Model x case</h3>${heatmap(ev)}` +
    confusionMaps(ev) +
    historySection(report, history) +
    `<h3 id="latency">Latency per model</h3><figure>${latencyChart(ev)}<figcaption>Percentiles of one run of a case (model and server time), from the run's latency histogram.</figcaption></figure>` +
    `<h3 id="cost">Cost per model</h3><figure>${costChart(ev)}<figcaption>US dollars for the whole suite, cached calls priced as if made; "unknown" when the model has no price.</figcaption></figure>` +
    casesTable(ev) +
    trajectoriesSection(ev) +
    `</section>`
  );
}

function modelTable(ev: EvalReport): string {
  const columns = Object.keys(PER_MODEL_HEADERS) as PerModelColumn[];
  const rows = ev.matrix.models.map((id) => {
    const { lexicalBaseline, cells } = perModelRow(ev, id);
    const baseline = lexicalBaseline ? ' <span class="muted">(lexical baseline, not an LLM)</span>' : '';
    return `<tr><th scope="row">${esc(id)}${baseline}</th>${columns.map((c) => `<td>${esc(cells[c])}</td>`).join('')}</tr>`;
  });
  const head = columns.map((c) => {
    const metric = PER_MODEL_METRICS[c];
    const title = metric ? ` title="${esc(`${metric}: ${METRIC_TERMS[metric]}`)}"` : '';
    return `<th scope="col"${title}>${PER_MODEL_HEADERS[c]}</th>`;
  });
  return (
    `<table class="models"><caption>Scores per model (over-activation: lower is better; hover a heading for its definition)</caption>` +
    `<thead><tr><th scope="col">Model</th>${head.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function casesTable(ev: EvalReport): string {
  const anchors = failingRunAnchors(ev);
  return (
    `<h3 id="cases">Cases</h3><table class="cases"><caption>Every case and model: passes of runs and the verdict</caption>` +
    `<thead><tr><th scope="col">Case</th><th scope="col">Model</th><th scope="col">Kind</th><th scope="col">Passes</th><th scope="col">Status</th><th scope="col">Why</th></tr></thead>` +
    `<tbody>${ev.cases.map((c) => caseRow(c, anchors.get(c))).join('')}</tbody></table>`
  );
}

function caseRow(c: EvalCaseResult, anchor: string | undefined): string {
  const flaky = c.flaky ? ' <span class="st st-warn">flaky</span>' : '';
  const runs = anchor ? ` <a href="#${anchor}">what the model did</a>` : '';
  return (
    `<tr data-status="${esc(c.status)}"><th scope="row">${esc(c.id)}<div class="muted">${esc(c.source)}</div></th><td>${esc(c.model)}</td><td>${esc(c.kind)}</td>` +
    `<td>${c.passes}/${c.runs} <span class="muted">(needs ${c.required})</span></td><td><span class="st st-${esc(c.status)}">${esc(c.status)}</span>${flaky}</td><td>${esc(c.status === 'pass' ? c.message : caseReasons(c) || c.message)}${runs}${roundsList(c)}</td></tr>`
  );
}

function roundsList(c: EvalCaseResult): string {
  const lines = mrtrRoundLines(c);
  return lines.length > 0 ? `<ul class="muted">${lines.map((line) => `<li>${esc(line)}</li>`).join('')}</ul>` : '';
}
