/** `mcpgate migrate-scan PATH`: pre-2026-07-28 assumptions in an existing test suite, with the fix for each. */

import { scanPath, ScanPathError, type ScanResult } from '../../migrate-scan/scan.js';
import { painter } from '../../report/ansi.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageError } from '../../shared/input-error.js';
import { useColor } from '../display.js';
import type { DisplayFlags } from '../flags/groups/display.js';
import type { MigrateScanFlags } from './flags.js';
import { writeOut } from '../console.js';

function renderScan(result: ScanResult, display: DisplayFlags): string {
  const paint = painter(useColor(display));
  const findings = display.quiet
    ? []
    : result.findings.map(
        (f) => `${safe(f.file)}:${f.line}:${f.column}  ${paint('yellow', f.rule)}  ${safe(f.text)}\n    ${f.what}; fix: ${f.fix}`,
      );
  const skippedList = display.verbose ? result.filesSkipped.map((file) => `skipped ${safe(file)}`) : [];
  const skipped =
    result.filesSkipped.length > 0
      ? `, ${result.filesSkipped.length} skipped (over 1 MiB or binary${display.verbose ? '' : '; --verbose lists them'})`
      : '';
  const files = new Set(result.findings.map((f) => f.file)).size;
  const summary =
    result.findings.length === 0
      ? paint('green', `no pre-2026-07-28 assumptions found in ${result.filesScanned} file(s)${skipped}`)
      : paint(
          'red',
          `${result.findings.length} pre-2026-07-28 assumption(s) in ${files} of ${result.filesScanned} file(s) scanned${skipped}`,
        );
  return `${[...findings, ...skippedList, summary].join('\n')}\n`;
}

export function migrateScan(path: string, flags: MigrateScanFlags): number {
  let result: ScanResult;
  try {
    result = scanPath(path);
  } catch (error) {
    if (error instanceof ScanPathError) throw usageError(error.message);
    throw error;
  }
  writeOut(flags.json ? `${JSON.stringify(result, null, 2)}\n` : renderScan(result, flags));
  return result.findings.length > 0 ? EXIT.gateFailed : EXIT.pass;
}
