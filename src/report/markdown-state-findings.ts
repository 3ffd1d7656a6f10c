/** The server's reaction to altered MRTR retries (layer 2), as a Markdown part; empty when none was altered. */

import { md } from './markdown-escape.js';
import type { Report } from './model.js';

export function stateFindingsMarkdown(report: Report, rows: number): string[] {
  const findings = report.chaos?.agent?.stateFindings ?? [];
  if (findings.length === 0) return [];
  const failed = findings.filter((f) => f.status === 'fail');
  const lines = [
    '### MRTR state (layer 2)',
    '',
    `${findings.length - failed.length}/${findings.length} retries with altered requestState or inputResponses refused by the server.`,
  ];
  if (failed.length === 0) return lines;
  lines.push('', '| fault | event | finding |', '| --- | --- | --- |');
  lines.push(...failed.slice(0, rows).map((f) => `| \`${f.fault}\` | ${f.seq} | ${md(f.message)} |`));
  if (failed.length > rows) lines.push('', `… ${failed.length - rows} more: see the JSON report`);
  return lines;
}
