/** The layer 2 part of the terminal summary: scan findings and pin drift (the probes are ordinary checks). */

import type { Paint, Style } from './ansi.js';
import { safe } from './terminal-escape.js';
import type { ChaosReport, PinChange, PinsSection, ScanFinding, ScanSection, Severity } from './model.js';
import { plural } from '../shared/plural.js';

const SEVERITY_STYLE: Record<Severity, Style> = { high: 'red', medium: 'yellow', low: 'dim' };
const SEVERITY_MARK: Record<Severity, string> = { high: '✗', medium: '!', low: '·' };
const DETAIL = '            ';

function finding(f: ScanFinding, paint: Paint): string[] {
  const style = SEVERITY_STYLE[f.severity];
  const owner = f.location.kind === 'server' ? 'server' : `${f.location.kind} ${safe(f.location.name)}`;
  const where = `${owner} · ${safe(f.location.field)}`;
  return [
    `  ${paint(style, `${SEVERITY_MARK[f.severity]} ${f.severity.padEnd(6)}`)}  ${paint(style, safe(f.rule))}  ${where}  ${paint('dim', `[${f.category}]`)}`,
    `${DETAIL}${safe(f.message)}`,
    `${DETAIL}${paint('dim', `match: ${safe(f.match)}`)}`,
  ];
}

function scanLines(scan: ScanSection, paint: Paint, verbose: boolean): string[] {
  const s = scan.scanned;
  const what = [
    plural(s.tools, 'tool'),
    plural(s.prompts, 'prompt'),
    plural(s.resources, 'resource'),
    plural(s.resourceTemplates, 'resource template'),
  ];
  if (s.instructions) what.push('the server instructions');
  const lines = [paint('bold', 'security scan'), `  scanned ${what.join(', ')} (offline)`];
  for (const note of scan.incomplete ?? []) lines.push(`  ${paint('yellow', `incomplete: ${safe(note)}`)}`);
  // Low findings (external links) are routine; they are listed on request.
  const shown = verbose ? scan.findings : scan.findings.filter((f) => f.severity !== 'low');
  if (scan.findings.length === 0) lines.push(`  ${paint('green', '✓')} no findings`);
  for (const f of shown) lines.push(...finding(f, paint));
  const hidden = scan.findings.length - shown.length;
  if (hidden > 0) lines.push(paint('dim', `  ${plural(hidden, 'low-severity finding')} not listed; --verbose lists them`));
  return [...lines, ''];
}

function change(c: PinChange, paint: Paint): string {
  const style = SEVERITY_STYLE[c.severity];
  return `  ${paint(style, `${SEVERITY_MARK[c.severity]} ${c.kind.padEnd(8)}`)} ${safe(c.message)}`;
}

function pinLines(pins: PinsSection, paint: Paint): string[] {
  const head = paint('bold', `pins (${safe(pins.file)})`);
  const status: Record<PinsSection['status'], string> = {
    written: paint('green', `written: ${plural(pins.tools, 'tool')} pinned (the file did not exist)`),
    unchanged: paint('green', `unchanged: all ${plural(pins.tools, 'tool')} match their pins`),
    drift: paint('red', `drift: ${plural(pins.changes.length, 'change')} since the tools were pinned (--update-pins accepts them)`),
    updated: paint(
      'green',
      `updated: ${plural(pins.tools, 'tool')} pinned again${pins.changes.length > 0 ? `, accepting ${plural(pins.changes.length, 'change')}` : ''}`,
    ),
    'not-checked': paint('yellow', 'not checked: tools/list could not be read completely, so nothing was compared or written'),
  };
  return [head, `  ${status[pins.status]}`, ...pins.changes.map((c) => change(c, paint)), ''];
}

export function renderChaosSection(chaos: ChaosReport, paint: Paint, verbose: boolean): string[] {
  return [...scanLines(chaos.scan, paint, verbose), ...(chaos.pins ? pinLines(chaos.pins, paint) : [])];
}
