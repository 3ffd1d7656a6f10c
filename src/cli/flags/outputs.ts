/** The report files the output flags name, by format. */

import { FORMAT_NAMES, FORMATS, type OutputFiles } from '../../report/formats.js';
import type { OutputFlags } from './groups/output.js';
import { attributeName } from './table.js';

export function outputFiles(flags: OutputFlags): OutputFiles {
  const files: OutputFiles = {};
  const given = flags as Record<string, string | undefined>;
  for (const format of FORMAT_NAMES) {
    const file = given[attributeName(FORMATS[format].flag)];
    if (file !== undefined) files[format] = file;
  }
  return files;
}
