/**
 * The entries of a file (the cases of a golden set, the scenarios of a faults file, the tools of a
 * descriptions file): a problem inside one is told as `case "paris": ...`, and its keys are named
 * from the entry (`expect_args.city`), the way the user reads the file.
 */

import { isRecord } from '../guards.js';
import type { PathSegment } from '../yaml/locate.js';

/** The items of the list at `list`, named by their `id` key when they have one; or the names of the mapping at `map`. */
export type EntryRule = { list: readonly string[]; noun: string; id?: string } | { map: readonly string[]; noun: string };

export interface Entry {
  /** `case "paris"`, `case 3` (no usable id), `tool "get_weather"`. */
  label: string;
  /** How many segments of a path lead to the entry itself. */
  depth: number;
}

function startsWith(path: readonly PathSegment[], prefix: readonly string[]): boolean {
  return prefix.length < path.length && prefix.every((segment, i) => path[i] === segment);
}

/** The value at `path` in the data as written, or undefined when the path leaves it. */
export function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let current = data;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

export function entryAt(rules: readonly EntryRule[], data: unknown, path: readonly PathSegment[]): Entry | undefined {
  for (const rule of rules) {
    if ('map' in rule) {
      if (startsWith(path, rule.map))
        return { label: `${rule.noun} ${JSON.stringify(String(path[rule.map.length]))}`, depth: rule.map.length + 1 };
      continue;
    }
    const index = path[rule.list.length];
    if (!startsWith(path, rule.list) || typeof index !== 'number' || !Array.isArray(valueAt(data, rule.list))) continue;
    const item = valueAt(data, [...rule.list, index]);
    const id = rule.id !== undefined && isRecord(item) ? item[rule.id] : undefined;
    const label = typeof id === 'string' && id !== '' ? `${rule.noun} ${JSON.stringify(id)}` : `${rule.noun} ${index + 1}`;
    return { label, depth: rule.list.length + 1 };
  }
  return undefined;
}
