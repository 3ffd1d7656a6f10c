import type { CheckResult, Evidence, Report, Status } from './model.js';
import { painter, type Paint, type Style } from './ansi.js';
import { safe, safeLines } from './terminal-escape.js';
import { renderChaosSection } from './terminal-chaos.js';
import { renderScenarioSection } from './terminal-scenarios.js';
import { renderEvalSection } from './terminal-eval.js';
import { groupByArea } from './group.js';
import { fitLine, renderVerdictEnd, wrapText } from './terminal-verdict.js';
import { plural } from '../shared/plural.js';
import { ms } from './format.js';

export interface TerminalOptions {
  color: boolean;
  verbose?: boolean;
  /** Columns of the terminal: evidence lines are cut and messages wrapped to it. */
  width?: number;
  /** Lines printed after the results and before the failure list (`run`: the gate's table). */
  beforeVerdict?: string[];
  /**
   * List passing checks and fault scenarios (the default). `run`, whose output spans every layer, lists
   * them only with --verbose and counts them instead, so what did not pass is what a reader sees.
   */
  listPassing?: boolean;
}

/** Without a terminal (a CI log, a pipe), lines are cut at this width. */
export const DEFAULT_WIDTH = 120;

const MARKS: Record<Status, string> = {
  pass: '✓',
  fail: '✗',
  warn: '!',
  skip: '-',
  error: 'E',
  not_measured: '?',
};

const STATUS_STYLE: Record<Status, Style> = {
  pass: 'green',
  fail: 'red',
  warn: 'yellow',
  skip: 'dim',
  error: 'magenta',
  not_measured: 'yellow',
};

/** Evidence is an excerpt to orient the reader; the JSON report holds it in full. */
const EVIDENCE_MAX_LINES = 6;
const DETAIL_INDENT = '      ';

export function renderTerminal(report: Report, opts: TerminalOptions): string {
  const paint = painter(opts.color);
  const verbose = opts.verbose ?? false;
  const width = opts.width ?? DEFAULT_WIDTH;
  const listPassing = verbose || opts.listPassing !== false;
  const lines: string[] = [...renderHeader(report, paint), ''];
  if (report.checks.length > 0) lines.push(...renderChecks(report, paint, { verbose, listPassing, width }));
  if (report.eval) lines.push(...renderEvalSection(report.eval, paint, verbose));
  if (report.chaos)
    lines.push(...renderChaosSection(report.chaos, paint, verbose), ...renderScenarioSection(report.chaos, paint, listPassing));

  if (verbose && report.target.stderrTail) {
    lines.push(paint('bold', 'server stderr (tail)'));
    lines.push(...excerpt(report.target.stderrTail, width - 2).map((line) => `  ${paint('dim', line)}`), '');
  }
  if (opts.beforeVerdict) lines.push(...opts.beforeVerdict);
  lines.push(...renderVerdictEnd(report, paint, width));
  return `${lines.join('\n')}\n`;
}

function renderChecks(report: Report, paint: Paint, shown: { verbose: boolean; listPassing: boolean; width: number }): string[] {
  const { verbose, listPassing, width } = shown;
  const lines: string[] = [];
  const stale = report.summary.staleExpectedFailures;
  // Skipped checks are listed only on request: a server that could not be checked at all would
  // otherwise bury the one line that says why under dozens of identical skips. A stale expected
  // failure passes, but is listed: it fails the run.
  let hiddenSkips = 0;
  let hiddenPasses = 0;
  for (const [area, checks] of groupByArea(report.checks)) {
    const listed = checks.filter((c) => verbose || (c.status !== 'skip' && (listPassing || c.status !== 'pass' || stale.includes(c.id))));
    const unlisted = checks.filter((c) => !listed.includes(c));
    hiddenSkips += unlisted.filter((c) => c.status === 'skip').length;
    hiddenPasses += unlisted.filter((c) => c.status === 'pass').length;
    if (listed.length === 0) continue;
    lines.push(paint('bold', area));
    for (const check of listed) lines.push(...renderCheck(check, paint, { verbose, width }, stale.includes(check.id)));
    lines.push('');
  }
  const hidden = [hiddenPasses > 0 ? `${hiddenPasses} passing` : '', hiddenSkips > 0 ? `${hiddenSkips} skipped` : ''].filter(Boolean);
  if (hidden.length > 0) {
    const why = hiddenSkips > 0 ? ' with the reason' : '';
    lines.push(paint('dim', `${hidden.join(' and ')} check(s) not listed; --verbose lists them${why}`), '');
  }

  if (stale.length > 0) {
    const file = report.options.expectedFailuresFile ?? 'the expected-failures file';
    lines.push(paint('red', `Stale expected failures: listed in ${safe(file)} but now passing; remove them:`));
    for (const id of stale) lines.push(`  ${paint('red', MARKS.fail)} ${safe(id)}`);
    lines.push('');
  }

  lines.push(renderTotals(report), '');
  return lines;
}

function renderHeader(report: Report, paint: Paint): string[] {
  const { target } = report;
  const server = target.serverInfo
    ? `${safe(target.serverInfo.name)} ${safe(target.serverInfo.version)}`
    : 'unknown (the server did not identify itself)';
  const versions = target.supportedVersions?.length ? ` (${target.supportedVersions.map(safe).join(', ')})` : '';
  const strict = report.options.strict ? ', strict' : '';
  return [
    paint('bold', `mcpgate ${safe(report.tool.version)}`) +
      paint('dim', `  started ${safe(report.startedAt)}, took ${ms(report.durationMs)}${strict}`),
    `  target  ${target.transport} ${paint('cyan', safe(target.endpoint))}`,
    `  era     ${target.era}${versions}`,
    `  server  ${server}`,
  ];
}

function renderCheck(check: CheckResult, paint: Paint, { verbose, width }: { verbose: boolean; width: number }, stale: boolean): string[] {
  const style = STATUS_STYLE[check.status];
  const tolerated = check.expectedFailure === true && (check.status === 'fail' || check.status === 'warn');
  const duration = verbose ? paint('dim', ` (${ms(check.durationMs)})`) : '';
  const head =
    `  ${paint(style, MARKS[check.status])} ${paint(style, safe(check.id))}  ${safe(check.title)}` +
    (tolerated ? paint('dim', '  (expected failure)') : '') +
    (stale ? paint('red', '  (stale expected failure)') : '') +
    duration;

  if (check.status === 'pass') return [head];
  if (check.status === 'skip') {
    return verbose ? [head, `${DETAIL_INDENT}${paint('dim', fitLine(safe(check.message), width - DETAIL_INDENT.length))}`] : [head];
  }

  const lines = [head, ...wrapText(safe(check.message), DETAIL_INDENT, width)];
  const spec = check.specRef ? ` · ${safe(check.specRef)}` : '';
  lines.push(`${DETAIL_INDENT}${paint('dim', `${check.level}${spec}`)}`);
  if (check.fix) lines.push(...wrapText(`fix: ${safe(check.fix)}`, DETAIL_INDENT, width));
  const first = check.evidence[0];
  if (first) lines.push(...renderEvidence(first, check.evidence.length - 1, paint, width));
  return lines;
}

function renderEvidence(evidence: Evidence, more: number, paint: Paint, width: number): string[] {
  const label = evidence.label ? ` (${safe(evidence.label)})` : '';
  const lines = [`${DETAIL_INDENT}evidence${label}${more > 0 ? paint('dim', `, ${more} more in the JSON report`) : ''}:`];
  const fields: [string, string | undefined][] = [
    ['sent', evidence.sent],
    ['received', evidence.received],
    ['expected', evidence.expected],
  ];
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    const prefix = `${DETAIL_INDENT}  ${`${name}:`.padEnd(10)}`;
    excerpt(value, width - prefix.length).forEach((line, i) => {
      if (i > 0 && line === '') lines.push('');
      else lines.push(`${i === 0 ? prefix : ' '.repeat(prefix.length)}${paint('dim', line)}`);
    });
  }
  return lines;
}

function renderTotals(report: Report): string {
  const { byStatus, total, expectedFailures } = report.summary;
  const parts = [
    `${byStatus.pass} passed`,
    `${byStatus.fail} failed`,
    plural(byStatus.warn, 'warning'),
    `${byStatus.skip} skipped`,
    plural(byStatus.error, 'error'),
  ];
  // not_measured must never read as green, so it is named whenever it occurs.
  if (byStatus.not_measured > 0) parts.push(`${byStatus.not_measured} not measured`);
  const tolerated = expectedFailures > 0 ? `; ${plural(expectedFailures, 'expected failure')} tolerated` : '';
  return `${plural(total, 'check')}: ${parts.join(', ')}${tolerated}`;
}

/** Evidence keeps its line structure (an HTTP exchange reads line by line), each line escaped on its own. */
function excerpt(text: string, width: number): string[] {
  const lines = safeLines(text);
  const shown = lines.slice(0, EVIDENCE_MAX_LINES).map((line) => fitLine(line, width));
  if (lines.length > EVIDENCE_MAX_LINES) shown.push(`… ${lines.length - EVIDENCE_MAX_LINES} more lines`);
  return shown;
}
