/**
 * The HTML report: one self-contained file (inline CSS, inline script, inline SVG charts) that opens
 * offline. Its Content-Security-Policy forbids every network load, and admits the one stylesheet and
 * the one script by hash, so even a missed escape could not load or run anything.
 */

import { createHash } from 'node:crypto';
import { ms } from '../format.js';
import type { HistoryEntry, Report } from '../model.js';
import { chaosSection } from './chaos.js';
import { conformanceSection } from './conformance.js';
import { esc } from './escape.js';
import { evalSection } from './eval.js';
import { gateSection, termsPointer } from './gate.js';
import { SCRIPT } from './script.js';
import { stateFindingsSection } from './state-findings.js';
import { STYLE } from './style.js';
import { notPassingDetails, verdictBadge } from './verdict.js';

export function renderHtml(report: Report, history: HistoryEntry[] = []): string {
  const csp = [
    "default-src 'none'",
    `style-src '${sha256(STYLE)}'`,
    `script-src '${sha256(SCRIPT)}'`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const title = `mcpgate report: ${report.target.serverInfo?.name ?? report.target.endpoint}`;
  const body = [
    header(report),
    gateSection(report),
    report.checks.length > 0 ? conformanceSection(report) : '',
    report.eval ? evalSection(report, report.eval, history) : '',
    report.chaos ? chaosSection(report.chaos) : '',
    stateFindingsSection(report),
  ].join('\n');
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n` +
    `<link rel="icon" href="data:,">\n<title>${esc(title)}</title>\n<style>${STYLE}</style>\n</head>\n` +
    `<body>\n<main>\n${body}\n</main>\n<script>${SCRIPT}</script>\n</body>\n</html>\n`
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
