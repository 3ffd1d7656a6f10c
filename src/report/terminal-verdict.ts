/**
 * How every command's terminal output ends: the list of what did not pass, one line each, right above
 * the one verdict line, so a failure is never scrolled away above a hundred passing checks. Also the
 * width rules: lines are cut (evidence) or wrapped (messages) to the terminal's columns.
 */

import type { Paint, Style } from './ansi.js';
import { coverageComplete, coverageLine } from './coverage-line.js';
import type { NotPassingItem, Report } from './model.js';
import { notPassing, passWithKnownFailures, verdictHeadline } from './suite-state.js';
import { safe } from './terminal-escape.js';
import { cutToFit } from '../shared/cut.js';

/** A line of plain (already escaped) text cut to `width` characters, the cut shown by an ellipsis. */
export function fitLine(line: string, width: number): string {
  const room = Math.max(width, 20);
  return cutToFit(line, room);
}

/** Plain text broken at spaces into lines of at most `width` characters, each starting with `indent`. */
export function wrapText(text: string, indent: string, width: number): string[] {
  const room = Math.max(width - indent.length, 20);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > room) {
      lines.push(current);
      current = '';
    }
    current = current === '' ? word : `${current} ${word}`;
    // A single word longer than the room (a URL, a JSON blob) is cut rather than left to overflow.
    while (current.length > room) {
      lines.push(current.slice(0, room));
      current = current.slice(room);
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines.map((line) => `${indent}${line}`);
}

const MARK: Record<string, [string, Style]> = {
  fail: ['✗', 'red'],
  'below-floor': ['✗', 'red'],
  stale: ['✗', 'red'],
  drift: ['✗', 'red'],
  high: ['✗', 'red'],
  warn: ['!', 'yellow'],
  medium: ['!', 'yellow'],
  low: ['!', 'yellow'],
  'expected-failure': ['~', 'dim'],
  error: ['E', 'magenta'],
  not_measured: ['?', 'yellow'],
};

function itemLine(item: NotPassingItem, paint: Paint, width: number): string {
  const [mark, style] = MARK[item.status] ?? ['✗', 'red'];
  const plain = `  ${mark} ${safe(item.id)}  ${safe(item.detail)}`;
  const cut = fitLine(plain, width);
  // Colour the mark and the id only; the cut is measured on the plain text.
  const head = `  ${mark} ${safe(item.id)}`;
  return cut.startsWith(head) ? `  ${paint(style, `${mark} ${safe(item.id)}`)}${cut.slice(head.length)}` : cut;
}

/** Beyond this many, the list would scroll the verdict's context away again; the reports hold the rest. */
export const FAILURE_LIST_MAX = 40;

export function renderFailureList(items: readonly NotPassingItem[], paint: Paint, width: number): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, FAILURE_LIST_MAX).map((item) => itemLine(item, paint, width));
  if (items.length > FAILURE_LIST_MAX)
    shown.push(paint('dim', `  … ${items.length - FAILURE_LIST_MAX} more in the JSON report (verdict.suite)`));
  return [paint('bold', `not passed (${items.length}):`), ...shown, ''];
}

/**
 * What layer 0 exercised, wrapped to the width (continuations indented), and a blank line; nothing for a
 * report without coverage. Yellow when something was left out: a green verdict above says less then.
 */
export function renderCoverage(report: Report, paint: Paint, width: number): string[] {
  const { coverage } = report;
  if (coverage === undefined) return [];
  const style: Style | undefined = coverageComplete(coverage) ? undefined : 'yellow';
  const lines = wrapText(safe(coverageLine(coverage)), '  ', width).map((line, i) => (i === 0 ? line.slice(2) : line));
  return [...lines.map((line) => (style ? paint(style, line) : line)), ''];
}

/** The verdict line alone, with its exit code: the last line of every command's output. */
export function renderVerdictLine(report: Report, paint: Paint): string {
  const style: Style = report.verdict.exitCode !== 0 ? 'red' : passWithKnownFailures(report) ? 'yellow' : 'green';
  return paint(style, `${safe(verdictHeadline(report))} (exit code ${report.verdict.exitCode})`);
}

/**
 * The end of a command's output: the failure list, what layer 0 exercised, then the verdict once, with
 * its exit code. The coverage sits right above the verdict, so the two are read together, and the
 * verdict stays the last line.
 */
export function renderVerdictEnd(report: Report, paint: Paint, width: number): string[] {
  return [
    ...renderFailureList(notPassing(report), paint, width),
    ...renderCoverage(report, paint, width),
    renderVerdictLine(report, paint),
  ];
}
