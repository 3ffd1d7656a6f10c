/** How a command prints its result on stdout, as the display group's flags ask. */

import { painter } from '../report/ansi.js';
import { safe } from '../report/terminal-escape.js';
import type { Report } from '../report/model.js';
import { renderTerminal } from '../report/terminal.js';
import { redactDeep } from '../shared/redact.js';
import { writeOut } from './console.js';
import type { DisplayFlags } from './options.js';

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(display: DisplayFlags): boolean {
  return display.color && process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
}

/** The one line `--quiet` prints: the reason (which may quote the server, hence escaped) and the exit code. */
function verdictLine(verdict: Report['verdict'], display: DisplayFlags): string {
  return `${painter(useColor(display))(verdict.exitCode === 0 ? 'green' : 'red', `${safe(verdict.reason)} (exit code ${verdict.exitCode})`)}\n`;
}

/** The report is masked whole before rendering, so no renderer can forget a field. */
export function printReport(report: Report, display: DisplayFlags): void {
  const masked = redactDeep(report);
  writeOut(
    display.quiet
      ? verdictLine(masked.verdict, display)
      : renderTerminal(masked, { color: useColor(display), verbose: display.verbose ?? false }),
  );
}
