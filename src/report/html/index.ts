/**
 * The HTML report: one self-contained file (inline CSS, inline script, inline SVG charts) that opens
 * offline. Its Content-Security-Policy forbids every network load, and admits the one stylesheet and
 * the one script by hash, so even a missed escape could not load or run anything.
 */

import { createHash } from 'node:crypto';
import { ms } from '../format.js';
import type { Report } from '../model.js';
import { chaosSection } from './chaos.js';
import { conformanceSection } from './conformance.js';
import { esc } from './escape.js';
import { evalSection } from './eval.js';
import type { HistoryPoint } from './chart-history.js';
import { gateSection, termsPointer } from './gate.js';
import { SCRIPT } from './script.js';
import { stateFindingsSection } from './state-findings.js';
import { STYLE } from './style.js';
import { notPassingDetails, verdictBadge } from './verdict.js';

export function renderHtml(report: Report, history: readonly HistoryPoint[] = []): string {
  const title = `mcpgate report: ${report.target.serverInfo?.name ?? report.target.endpoint}`;
  return htmlDocument({ title, main: reportBody(report, history), style: STYLE, script: SCRIPT });
}

/** Every section of the report, without the page around it: `mcpgate view` shows it inside its own pages. */
export function reportBody(report: Report, history: readonly HistoryPoint[]): string {
  return [
    header(report),
    gateSection(report),
    report.checks.length > 0 ? conformanceSection(report) : '',
    report.eval ? evalSection(report, report.eval, history) : '',
    report.chaos ? chaosSection(report.chaos) : '',
    stateFindingsSection(report),
  ].join('\n');
}

export interface HtmlPage {
  /** Plain text; escaped here. */
  title: string;
  /** Markup above `<main>`, e.g. navigation. */
  before?: string;
  main: string;
  style: string;
  script: string;
}

/**
 * The policy of every page mcpgate writes: no network load of any kind, and only the page's own
 * stylesheet and script, admitted by hash.
 */
export function contentSecurityPolicy(style: string, script: string): string {
  return [
    "default-src 'none'",
    `style-src '${sha256(style)}'`,
    `script-src '${sha256(script)}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function htmlDocument(page: HtmlPage): string {
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(page.style, page.script)}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n` +
    `<link rel="icon" href="data:,">\n<title>${esc(page.title)}</title>\n<style>${page.style}</style>\n</head>\n` +
    `<body>\n${page.before ?? ''}<main>\n${page.main}\n</main>\n<script>${page.script}</script>\n</body>\n</html>\n`
  );
}

function header(report: Report): string {
  const { target } = report;
  const server = target.serverInfo ? `${target.serverInfo.name} ${target.serverInfo.version}` : 'did not identify itself';
  const rows: Array<[string, string]> = [
    ['target', `${target.endpoint} (${target.transport})`],
    ['era', `${target.era}${target.supportedVersions?.length ? `, supports ${target.supportedVersions.join(', ')}` : ''}`],
    ['server', server],
    ...(target.fingerprint
      ? [['tools', `${target.fingerprint.toolCount} tools, sha256 ${target.fingerprint.toolsSha256.slice(0, 16)}…`] as [string, string]]
      : []),
    ['run', `${report.startedAt}, ${ms(report.durationMs)}, mcpgate ${report.tool.version}`],
  ];
  return (
    `<header><h1>mcpgate report</h1>` +
    `${verdictBadge(report)}${termsPointer(report)}${notPassingDetails(report)}` +
    `<dl class="header">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${esc(v)}</dd>`).join('')}</dl></header>`
  );
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
