/**
 * The frame of every viewer page: the HTML report's document and policy (report/html/index.ts) with
 * the report's stylesheet and script and the viewer's own after them, and a navigation bar. Links are
 * relative, so the same page works behind the server's token and as a file of an exported folder.
 */

import { htmlDocument } from '../report/html/index.js';
import { esc } from '../report/html/escape.js';
import { SCRIPT as REPORT_SCRIPT } from '../report/html/script.js';
import { STYLE as REPORT_STYLE } from '../report/html/style.js';
import { VIEW_SCRIPT } from './script.js';
import { VIEW_STYLE } from './style.js';

export const PAGE_STYLE = `${REPORT_STYLE}${VIEW_STYLE}`;
export const PAGE_SCRIPT = `${REPORT_SCRIPT}${VIEW_SCRIPT}`;

/** Where a page sits: the prefix back to the folder's top, and whether a server answers (two runs can be picked). */
export interface PageContext {
  /** `''` for a page at the top, `'../'` for one a folder down. */
  base: string;
  /** Served by `mcpgate view`: any two runs can be compared. An exported folder has only each run against its baseline. */
  served: boolean;
  /** The history directory, as named on the command line. */
  historyDir: string;
}

export interface ViewPage {
  status: number;
  html: string;
}

const NAV: Array<[string, string]> = [
  ['index.html', 'Runs'],
  ['cases.html', 'Cases'],
  ['confusions.html', 'Confusions'],
];

export function page(context: PageContext, title: string, main: string, status = 200): ViewPage {
  const links = NAV.map(([href, label]) => `<a href="${context.base}${href}">${label}</a>`).join(' ');
  const before = `<nav class="view-nav" aria-label="mcpgate view">${links} <span class="muted">history ${esc(context.historyDir)}</span></nav>\n`;
  return { status, html: htmlDocument({ title: `mcpgate view: ${title}`, before, main, style: PAGE_STYLE, script: PAGE_SCRIPT }) };
}

export function notFound(context: PageContext, what: string): ViewPage {
  return page(context, 'not found', `<h1>Not found</h1><p>${esc(what)}</p>`, 404);
}

/** A run with nothing before it to compare with: a page of its own, so every run's link leads somewhere. */
export function noBaseline(context: PageContext, run: { runId: string; startedAt: string }, why: string): ViewPage {
  return page(
    context,
    `${run.runId}: no baseline`,
    `<h1>Compare two runs</h1><p>Run ${runLink(context, run)} has no baseline to compare with: ${esc(why)}.</p>`,
  );
}

/** A run as a link to its page: its id, with the start date beside it. */
export function runLink(context: PageContext, run: { runId: string; startedAt: string }): string {
  return `<a href="${context.base}run/${esc(run.runId)}.html"><code>${esc(run.runId)}</code></a> <span class="muted">${esc(run.startedAt)}</span>`;
}

export function warningsBlock(warnings: readonly string[]): string {
  if (warnings.length === 0) return '';
  return `<details class="view-warnings"><summary>${warnings.length} file${warnings.length === 1 ? '' : 's'} of the history could not be used</summary><ul>${warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></details>`;
}
