/**
 * An eval allocates fast (every model call builds, sends, parses and validates whole prompts) while
 * what it keeps grows slowly (the scored, summarised samples: about 1.6 KB each). V8 then lets the
 * heap grow up to 4x the live size between full collections: 1000 cases x 5 runs against an instant
 * model peaked at 270 MB RSS with 32 MB live. A growing factor of 2 keeps the peak near 200 MB for
 * about 10 % more CPU (1.5 gave 180 MB for 35 % more; docs/bench.md). V8 reads this flag at every full
 * collection, so setting it once the process runs takes effect; it only changes when collections
 * happen, never what is kept.
 */

import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 100;
let limited = false;

export function limitHeapGrowth(): void {
  if (limited) return;
  limited = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
