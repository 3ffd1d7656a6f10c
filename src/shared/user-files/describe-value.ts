/** How messages name a value from a user's file and a path into it: short, on one line, whatever the value. */

import type { PathSegment } from '../yaml/locate.js';

/** Longer strings are told by their length: the position already shows them, and a pasted document would drown the message. */
const MAX_QUOTED = 60;

/** A value as a message shows it: its type and, for short scalars, the value itself. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'empty (null)';
  if (typeof value === 'string') {
    if (value === '') return 'an empty string';
    return value.length > MAX_QUOTED ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `the ${typeof value} ${String(value)}`;
}

/** A path as a message names it: `expect_args.city.match`, `turns[2]`, `server.headers."X-Api-Key"`. */
export function keyPath(path: readonly PathSegment[]): string {
  let name = '';
  for (const segment of path) {
    if (typeof segment === 'number') name += `[${segment}]`;
    else name += `${name === '' ? '' : '.'}${/^[A-Za-z_][\w-]*$/.test(segment) ? segment : JSON.stringify(segment)}`;
  }
  return name;
}
