/** How a command prints its result on stdout, as the display group's flags ask. */

import { painter } from '../report/ansi.js';
import { coverageComplete, coverageLine } from '../report/coverage-line.js';
import { safe } from '../report/terminal-escape.js';
import { masked, type Masked } from '../report/masked.js';
import type { Report } from '../report/model.js';
import { suiteState, verdictHeadline } from '../report/suite-state.js';
import { DEFAULT_WIDTH, renderTerminal } from '../report/terminal.js';
import { writeOut } from './console.js';
import type { DisplayFlags } from './flags/groups/display.js';

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(display: DisplayFlags): boolean {
  return display.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
}

/**
 * What `--quiet` prints: the verdict (which may quote the server, hence escaped) and the exit code, on
 * the last line. Above it, unwrapped, the coverage line when layer 0 left something out: --quiet drops
 * detail, not what the verdict rests on, and a lone green line over 0 of 25 tools called would claim
 * more than was checked.
 */
function quietLines(report: Report, display: DisplayFlags): string {
  const paint = painter(useColor(display));
  const { coverage } = report;
  const above = coverage && !coverageComplete(coverage) ? `${paint('yellow', safe(coverageLine(coverage)))}\n` : '';
  return `${above}${verdictLine(report, display)}`;
}

function verdictLine(report: Report, display: DisplayFlags): string {
  const { exitCode } = report.verdict;
  const style = exitCode !== 0 ? 'red' : suiteState(report).state === 'all-pass' ? 'green' : 'yellow';
  return `${painter(useColor(display))(style, `${safe(verdictHeadline(report))} (exit code ${exitCode})`)}\n`;
}

/** The verdict line alone, for a run that tested nothing: no coverage to qualify it, no result to list. */
export function printVerdict(report: Report, display: DisplayFlags): void {
  writeOut(verdictLine(masked(report), display));
}

/** Columns to fit lines to: the terminal's when stdout is one, else a width that reads well in a CI log. */
export function outputWidth(): number {
  return process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : DEFAULT_WIDTH;
}

/** What a command adds to the report's terminal rendering. */
export interface PrintOptions {
  /** Already masked text (the gate's table) printed between the results and the failure list. */
  beforeVerdict?: string;
  /** false: passing checks and scenarios are counted, not listed, unless --verbose (`run`). */
  listPassing?: boolean;
}

/** The report is masked whole before rendering, so no renderer can forget a field. */
export function printReport(report: Report, display: DisplayFlags, options: PrintOptions = {}): void {
  printMaskedReport(masked(report), display, options);
}

/** printReport for a report the caller masked already (and wrote with the same copy). */
export function printMaskedReport(report: Masked<Report>, display: DisplayFlags, options: PrintOptions = {}): void {
  const { beforeVerdict, listPassing } = options;
  const extra = {
    ...(beforeVerdict === undefined ? {} : { beforeVerdict: beforeVerdict.replace(/\n$/, '').split('\n').concat('') }),
    ...(listPassing === undefined ? {} : { listPassing }),
  };
  writeOut(
    display.quiet
      ? quietLines(report, display)
      : renderTerminal(report, { color: useColor(display), verbose: display.verbose ?? false, width: outputWidth(), ...extra }),
  );
}
