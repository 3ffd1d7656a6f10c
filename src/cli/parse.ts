/** Flag value parsers that fail as usage errors naming the flag. */

import { usageError } from './errors.js';

export function positiveInteger(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw usageError(`${flag} needs a positive integer, got "${value}"`);
    return n;
  };
}
