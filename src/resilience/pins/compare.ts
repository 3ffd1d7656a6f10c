/**
 * Pinned tools against the server's tools now. A definition that changed under the same name is
 * the "rug pull" pinning exists for (high: fails the run); a new tool or a rename is worth a look
 * (medium); a removed tool takes nothing away from a model's safety (low).
 */

import type { PinChange } from '../../report/model.js';
import type { ToolPin } from './fingerprint.js';
import { compareCodeUnits } from '../../shared/canonical-json.js';

function changedFields(before: ToolPin, after: ToolPin): string[] {
  const names = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  return [...names].filter((name) => before.fields[name] !== after.fields[name]).sort();
}

export function comparePins(pinned: Readonly<Record<string, ToolPin>>, current: Readonly<Record<string, ToolPin>>): PinChange[] {
  const changes: PinChange[] = [];
  for (const [name, pin] of Object.entries(current)) {
    const before = pinned[name];
    if (!before || before.hash === pin.hash) continue;
    const fields = changedFields(before, pin);
    changes.push({
      kind: 'changed',
      tool: name,
      fields,
      severity: 'high',
      message: `${name} changed since it was pinned: ${fields.join(', ')}`,
    });
  }
  const removed = Object.keys(pinned).filter((name) => !(name in current));
  const added = Object.keys(current).filter((name) => !(name in pinned));
  for (const name of added) {
    const from = removed.find((old) => pinned[old]!.bodyHash === current[name]!.bodyHash);
    if (from !== undefined) {
      removed.splice(removed.indexOf(from), 1);
      changes.push({
        kind: 'renamed',
        tool: name,
        from,
        severity: 'medium',
        message: `${from} is now called ${name}; its definition is unchanged`,
      });
    } else {
      changes.push({ kind: 'added', tool: name, severity: 'medium', message: `${name} is new since the tools were pinned` });
    }
  }
  for (const name of removed)
    changes.push({ kind: 'removed', tool: name, severity: 'low', message: `${name} was pinned but is no longer listed` });
  return changes.sort((a, b) => compareCodeUnits(a.tool, b.tool));
}
