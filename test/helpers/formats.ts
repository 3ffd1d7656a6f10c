/**
 * The report formats as the registry (src/report/formats.ts) names them, for tests that write "every
 * format": a format added to FORMATS is then written, and checked, by those tests without an edit.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMAT_NAMES, FORMATS, type Format } from '../../src/report/formats.js';

/** The command-line flag that writes `format`, e.g. `--junit`. */
export function formatFlag(format: Format): string {
  return `--${FORMATS[format].flag}`;
}

export interface EveryFormat {
  /** `--report DIR/report.json --junit DIR/junit.xml …`, one pair per registered format. */
  args: string[];
  /** Where each format is written: its registry file name in `dir`. */
  files: Record<Format, string>;
}

/** The flags that write every registered format into `dir`, and the file each lands in. */
export function everyFormat(dir: string): EveryFormat {
  const files = Object.fromEntries(FORMAT_NAMES.map((format) => [format, join(dir, FORMATS[format].fileName)])) as Record<Format, string>;
  return { args: FORMAT_NAMES.flatMap((format) => [formatFlag(format), files[format]]), files };
}

/** The text of every registered format; throws naming the first format that was not written or is empty. */
export function readEveryFormat(files: Record<Format, string>): Record<Format, string> {
  if (FORMAT_NAMES.length === 0) throw new Error('the FORMATS registry is empty');
  return Object.fromEntries(
    FORMAT_NAMES.map((format) => {
      const file = files[format];
      if (!existsSync(file)) throw new Error(`${format} was not written (${file})`);
      const text = readFileSync(file, 'utf8');
      if (text.trim() === '') throw new Error(`${format} was written empty (${file})`);
      return [format, text];
    }),
  ) as Record<Format, string>;
}

/**
 * The tail of an mcpgate.yaml that runs layer 2 and keeps everything a run can write under `dir`:
 * every registered format in `dir/out`, the history (recorded) in `dir/history`. One line per entry.
 */
export function everyOutputYaml(dir: string): string[] {
  return [
    'chaos:',
    '  enabled: true',
    'report:',
    `  dir: ${join(dir, 'out')}`,
    `  formats: [${FORMAT_NAMES.join(', ')}]`,
    'history:',
    `  dir: ${join(dir, 'history')}`,
    '  record: true',
  ];
}
