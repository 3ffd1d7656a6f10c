/** Confusions over time: per server and model, which tool was called first instead of which, how often, and since when. */

import { toolLabel } from '../../report/confusions.js';
import { sparkline } from '../../report/html/chart-history.js';
import { esc } from '../../report/html/escape.js';
import { confusionHistory, type ConfusionSeries } from '../confusion-history.js';
import type { IndexSnapshot } from '../history-index.js';
import { page, runLink, type PageContext, type ViewPage } from '../page.js';

function row(s: ConfusionSeries, context: PageContext): string {
  const shares = s.counts.map((n, i) => (s.samples[i]! > 0 ? n / s.samples[i]! : undefined));
  const occurred = s.counts.filter((n) => n > 0).length;
  const latest = s.counts.at(-1)!;
  const what = `share of samples of ${s.model} calling ${toolLabel(s.chosen)} first where ${toolLabel(s.expected)} was expected`;
  return (
    `<tr data-model="${esc(s.model)}" data-expected="${esc(toolLabel(s.expected))}" data-chosen="${esc(toolLabel(s.chosen))}">` +
    `<td>${esc(s.model)}</td><td><code>${esc(toolLabel(s.expected))}</code></td><td><code>${esc(toolLabel(s.chosen))}</code></td>` +
    `<td>${s.since ? `${runLink(context, s.since)}` : '<span class="muted">not in the newest run</span>'}</td>` +
    `<td>${runLink(context, s.firstSeen)}</td><td>${occurred} of ${s.runs.length}</td>` +
    `<td>${latest} of ${s.samples.at(-1) ?? 0}</td><td>${sparkline(what, shares)}</td><td>${esc(s.cases.join(', '))}</td></tr>`
  );
}

export function confusionsPage(snapshot: IndexSnapshot, context: PageContext): ViewPage {
  const servers = confusionHistory(snapshot).filter((s) => s.series.length > 0);
  const head = [
    'Model',
    'Expected',
    'Called first instead',
    'Every run since',
    'First seen',
    'Runs with it',
    'Newest run (samples)',
    'Share over time',
    'Cases (newest run with it)',
  ];
  const sections = servers.map(
    (s) =>
      `<h2>${esc(s.server)}</h2><table class="view-confusions"><caption>Tool confusions of ${esc(s.server)}: the ones in the newest run first</caption>` +
      `<thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${s.series.map((x) => row(x, context)).join('')}</tbody></table>`,
  );
  const main =
    `<h1>Confusions over time</h1><p class="note">Which tool a model called first where the golden set expected another ("none": a negative case, or no call), in the runs whose reports kept confusion tables.</p>` +
    (sections.length > 0 ? sections.join('') : '<p>No run recorded a confusion.</p>');
  return page(context, 'confusions', main);
}
