/** A report file given on the command line (`gate --report`, `merge`): a problem with it is a usage error. */

import { readFileSync } from 'node:fs';
import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { usageError } from '../shared/input-error.js';

export function readReportFile(file: string): Report {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read the report ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseReport(text);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
}
