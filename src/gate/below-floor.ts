/**
 * Whether the cases below their floor are the same as in the baseline. A gate passes when no score
 * dropped significantly, which a case can still do from 5/5 to 3/5; the pass line then says that
 * this case is newly below its floor, instead of letting it hide among the known ones.
 */

import type { Report } from '../report/model.js';
import { listed } from './measure.js';

function belowFloor(report: Report): Set<string> {
  return new Set((report.eval?.cases ?? []).filter((c) => c.status !== 'pass').map((c) => `${c.id}@${c.model}`));
}

/**
 * A clause for the pass line, or '' when no case is below its floor now. With `compared` (the pairs
 * matched with the baseline), only those count: a new or edited case has no "then" to be newly below.
 */
export function belowFloorChange(current: Report, baseline: Report, compared?: ReadonlySet<string>): string {
  const now = new Set([...belowFloor(current)].filter((key) => !compared || compared.has(key)));
  if (now.size === 0) return '';
  const before = belowFloor(baseline);
  const fresh = [...now].filter((key) => !before.has(key)).sort();
  if (fresh.length === 0) return ', the same cases below their floor as then';
  return `, newly below their floor: ${listed(fresh, 4)}`;
}
