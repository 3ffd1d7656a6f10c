/** The output group: one report-file flag per entry of the FORMATS table. */

import { FORMAT_NAMES, FORMATS, type Format } from '../../../report/formats.js';
import { Flag } from '../flag.js';
import type { FlagValues } from '../table.js';

type OutputTable = { readonly [F in Format as (typeof FORMATS)[F]['flag']]: Flag<string> };

/** One `--FORMAT <file>` flag per entry of the FORMATS table: a format added there is a flag here. */
export function outputFlags(): OutputTable {
  return Object.fromEntries(
    FORMAT_NAMES.map((format) => [FORMATS[format].flag, Flag.value('<file>', FORMATS[format].description)]),
  ) as OutputTable;
}

export type OutputFlags = FlagValues<OutputTable>;
