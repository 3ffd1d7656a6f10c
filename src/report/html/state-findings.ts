/** The server's reaction to altered MRTR retries (layer 2); empty when none was altered. */

import type { Report } from '../model.js';
import { esc } from './escape.js';

export function stateFindingsSection(report: Report): string {
  const findings = report.chaos?.agent?.stateFindings ?? [];
  if (findings.length === 0) return '';
  const refused = findings.filter((f) => f.status === 'pass').length;
  const rows = findings.map(
    (f) =>
      `<tr><td><span class="st st-${f.status}">${f.status}</span></td><td><code>${f.fault}</code></td><td>${f.seq}</td><td>${esc(f.reaction)}</td><td>${esc(f.message)}</td></tr>`,
  );
  return (
    `<section aria-labelledby="mrtr-state"><h2 id="mrtr-state">MRTR state (layer 2)</h2>` +
    `<p>${refused}/${findings.length} retries with altered requestState or inputResponses refused by the server.</p>` +
    `<table><thead><tr><th>status</th><th>fault</th><th>event</th><th>reaction</th><th>finding</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`
  );
}
