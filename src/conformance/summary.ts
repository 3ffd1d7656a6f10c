/**
 * The summary block of a report's check results, apart from the runner so that commands that run no
 * checks (eval) can fill it without loading every check.
 */

import { STATUS_VALUES } from '../report/constants.js';
import type { CheckResult, Report, Status } from '../report/model.js';

/** The summary of a list of check results; layers that add checks (robustness probes) recompute it. */
export function summarizeChecks(results: CheckResult[], expected: ReadonlySet<string> | undefined): Report['summary'] {
  const byStatus = Object.fromEntries(STATUS_VALUES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of results) byStatus[r.status]++;
  return {
    total: results.length,
    byStatus,
    mustFailures: results.filter((r) => r.status === 'fail' && !r.expectedFailure && r.level === 'MUST').length,
    shouldFailures: results.filter((r) => r.level === 'SHOULD' && (r.status === 'fail' || r.status === 'warn')).length,
    expectedFailures: results.filter((r) => r.expectedFailure).length,
    staleExpectedFailures: expected ? results.filter((r) => expected.has(r.id) && r.status === 'pass').map((r) => r.id) : [],
  };
}
