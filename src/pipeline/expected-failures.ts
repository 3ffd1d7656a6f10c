/** The expected-failures file named by `--expected-failures` or `check.expected_failures`; a bad one is a usage error. */

import { CHECK_IDS } from '../conformance/checks/index.js';
import { ExpectedFailuresError, loadExpectedFailures } from '../conformance/expected-failures.js';
import { usageError } from '../shared/input-error.js';

export interface ExpectedFailures {
  file: string;
  ids: Set<string>;
}

export function expectedFailuresFrom(file: string | undefined): ExpectedFailures | undefined {
  if (!file) return undefined;
  try {
    return { file, ids: loadExpectedFailures(file, CHECK_IDS) };
  } catch (error) {
    if (error instanceof ExpectedFailuresError) throw usageError(error.message);
    throw error;
  }
}
