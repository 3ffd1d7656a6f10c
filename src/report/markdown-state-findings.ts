/** The server's reaction to altered MRTR retries (layer 2), as a Markdown part; empty when none was altered. */

import { md } from './markdown-text.js';
import type { Report } from './model.js';

export function stateFindingsMarkdown(report: Report, rows: number): string[] {
  const findings = report.chaos?.agent?.stateFindings ?? [];
  if (findings.length === 0) return [];
  const completed = findings.filter((f) => f.status !== 'pass');
  const lines = [
    '### MRTR state (layer 2)',
    '',
    `${findings.length - completed.length}/${findings.length} retries with altered requestState or inputResponses refused by the server.`,
  ];
  if (completed.length === 0) return lines;
  lines.push('', '| status | fault | event | finding |', '| --- | --- | --- | --- |');
  lines.push(...completed.slice(0, rows).map((f) => `| ${f.status} | \`${f.fault}\` | ${f.seq} | ${md(f.message)} |`));
  if (completed.length > rows) lines.push('', `… ${completed.length - rows} more: see the JSON report`);
  return lines;
}
