/**
 * A check's outcome as a report result, for layer 0 checks and layer 2 robustness probes alike, so
 * --strict means the same in both: a violated MUST fails; a violated SHOULD warns, and fails under
 * --strict.
 */

import type { CheckResult, Status } from '../report/model.js';
import { oneLine } from '../shared/one-line.js';
import { specUrl } from '../spec/protocol.js';
import type { CheckDefinition, CheckOutcome } from './check.js';
import { roundTo } from '../shared/numbers.js';

/** What a result repeats from its check; a probe has the same fields. */
export type CheckIdentity = Pick<CheckDefinition, 'id' | 'title' | 'area' | 'level' | 'spec'>;

export function toCheckResult(check: CheckIdentity, outcome: CheckOutcome, strict: boolean, durationMs: number): CheckResult {
  const status: Status = outcome.status === 'violated' ? (check.level === 'MUST' || strict ? 'fail' : 'warn') : outcome.status;
  return {
    id: check.id,
    title: check.title,
    area: check.area,
    level: check.level,
    specRef: specUrl(check.spec),
    status,
    message: oneLine(outcome.message),
    ...(outcome.fix ? { fix: outcome.fix } : {}),
    ...(outcome.limit ? { limit: oneLine(outcome.limit) } : {}),
    evidence: outcome.evidence,
    durationMs: roundTo(durationMs, 1),
  };
}
