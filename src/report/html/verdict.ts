/**
 * The verdict at the top of the HTML report: the badge (amber, not green, for a pass with items not
 * passing), the verdict line, and the list of what did not pass, one click away.
 */

import { exitBadge } from '../../shared/exit-codes.js';
import type { Report } from '../model.js';
import { notPassing, passWithKnownFailures, verdictHeadline } from '../suite-state.js';
import { esc } from './escape.js';

export function verdictBadge(report: Report): string {
  const { exitCode } = report.verdict;
  const known = passWithKnownFailures(report);
  const kind = exitCode !== 0 ? 'fail' : known ? 'known' : 'pass';
  const word = known ? 'PASS WITH KNOWN FAILURES' : exitBadge(exitCode);
  return (
    `<p><span class="verdict verdict-${kind}" role="status">${word}</span> ` +
    `<span class="verdict-line">${esc(verdictHeadline(report))} (exit code ${exitCode})</span></p>`
  );
}

export function notPassingDetails(report: Report): string {
  const items = notPassing(report);
  if (items.length === 0) return '';
  const rows = items.map(
    (item) => `<li><code>${esc(item.id)}</code> <span class="muted">${esc(item.status)}</span> ${esc(item.detail)}</li>`,
  );
  return `<details class="not-passing" id="not-passing"><summary>${items.length} not passing</summary><ul>${rows.join('')}</ul></details>`;
}
