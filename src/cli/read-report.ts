/** A report file given on the command line (`gate --report`, `merge`): a problem with it is a usage error. */

import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { readNamedFile, REPORT_FILE } from '../shared/files.js';
import { usageError } from '../shared/input-error.js';

export function readReportFile(file: string): Report {
  const text = readNamedFile(file, 'report', REPORT_FILE);
  try {
    return parseReport(text);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
}
