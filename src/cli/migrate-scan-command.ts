/** `mcpgate migrate-scan PATH`: pre-2026-07-28 assumptions in an existing test suite, with the fix for each. */

import type { Command } from 'commander';
import { EXIT } from '../shared/exit-codes.js';
import { scanPath, ScanPathError, type ScanResult } from '../migrate-scan/scan.js';
import { usageError } from '../shared/input-error.js';

export function registerMigrateScanCommand(program: Command): void {
  program
    .command('migrate-scan')
    .description('list pre-2026-07-28 protocol assumptions (initialize, sessions, removed methods and error codes) in a test suite')
    .argument('<path>', 'directory or file to scan (node_modules, .git and dist are skipped)')
    .option('--json', 'print the findings as JSON', false)
    .action((path: string, flags: { json: boolean }) => {
      process.exitCode = migrateScan(path, flags.json);
    });
}

function migrateScan(path: string, json: boolean): number {
  let result: ScanResult;
  try {
    result = scanPath(path);
  } catch (error) {
    if (error instanceof ScanPathError) throw usageError(error.message);
    throw error;
  }
  process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : renderScan(result));
  return result.findings.length > 0 ? EXIT.gateFailed : EXIT.pass;
}

function renderScan(result: ScanResult): string {
  const lines = result.findings.map((f) => `${f.file}:${f.line}:${f.column}  ${f.rule}  ${f.text}\n    ${f.what}; fix: ${f.fix}`);
  const skipped = result.filesSkipped.length > 0 ? `, ${result.filesSkipped.length} skipped (over 1 MiB or binary): ${result.filesSkipped.join(', ')}` : '';
  const files = new Set(result.findings.map((f) => f.file)).size;
  const summary = result.findings.length === 0
    ? `no pre-2026-07-28 assumptions found in ${result.filesScanned} file(s)${skipped}`
    : `${result.findings.length} pre-2026-07-28 assumption(s) in ${files} of ${result.filesScanned} file(s) scanned${skipped}`;
  return `${[...lines, summary].join('\n')}\n`;
}
