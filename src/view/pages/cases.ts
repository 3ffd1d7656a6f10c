/** Every case of the history, per server, with its newest pass rate per model: the way into a case's page. */

import { describeIdentity, sameTarget } from '../../gate/target.js';
import { esc } from '../../report/html/escape.js';
import { casesOf } from '../case-history.js';
import type { IndexSnapshot } from '../history-index.js';
import { page, type PageContext, type ViewPage } from '../page.js';

export function casesPage(snapshot: IndexSnapshot, context: PageContext): ViewPage {
  const cases = [...casesOf(snapshot)];
  const servers = [...new Map(cases.map(([, c]) => [describeIdentity(c.target), c.target])).entries()];
  const sections = servers.map(([name, target]) => {
    const newest = [...snapshot.runs].reverse().find((r) => sameTarget(r.target, target));
    const rows = cases
      .filter(([, c]) => sameTarget(c.target, target))
      .sort(([, a], [, b]) => a.id.localeCompare(b.id))
      .map(([key, c]) => {
        const now = newest?.cases.filter((row) => row.id === c.id) ?? [];
        const latest =
          now.map((row) => `${esc(row.model)} ${row.passes}/${row.runs}`).join(', ') || '<span class="muted">not in the newest run</span>';
        return `<tr><th scope="row"><a href="${context.base}case/${key}.html"><code>${esc(c.id)}</code></a></th><td>${latest}</td></tr>`;
      });
    return (
      `<h2>${esc(name)}</h2><table class="view-case-list"><caption>Cases of ${esc(name)}; open one for its pass rate in every run</caption>` +
      `<thead><tr><th scope="col">Case</th><th scope="col">Newest run: passes per model</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    );
  });
  const main = `<h1>Cases</h1>${sections.length > 0 ? sections.join('') : '<p>No run recorded an eval case.</p>'}`;
  return page(context, 'cases', main);
}
