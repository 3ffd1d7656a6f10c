/** The output option group: one `--FORMAT <file>` flag per entry of the FORMATS table. */

import { Option } from 'commander';
import { FORMAT_NAMES, FORMATS, type OutputFiles } from '../report/formats.js';

export function outputOptions(): Option[] {
  return FORMAT_NAMES.map((format) => new Option(`${FORMATS[format].flag} <file>`, FORMATS[format].description));
}

/** The parsed output flags, keyed as commander names them (`--report` -> `report`). */
export type OutputFlags = { [F in keyof typeof FORMATS as (typeof FORMATS)[F]['flagKey']]?: string };

/** The files the parsed flags name, by format. */
export function outputFiles(flags: OutputFlags): OutputFiles {
  const files: OutputFiles = {};
  for (const format of FORMAT_NAMES) {
    const file = flags[FORMATS[format].flagKey];
    if (file !== undefined) files[format] = file;
  }
  return files;
}
