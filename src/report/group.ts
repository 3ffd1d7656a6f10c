/** Checks grouped by area, in order of first appearance: the layout every renderer shares. */

import type { CheckResult } from './model.js';

export function groupByArea(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const check of checks) {
    const group = groups.get(check.area);
    if (group) group.push(check);
    else groups.set(check.area, [check]);
  }
  return groups;
}
