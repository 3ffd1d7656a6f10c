/**
 * An eval allocates fast (every model call builds, sends, parses and validates whole prompts) while
 * what it keeps grows slowly (the scored, summarised samples: about 1.6 KB each). V8 then lets the
 * heap grow up to 4x the live size between full collections: 1000 cases x 5 runs against an instant
 * model peaked at 270 MB RSS with 32 MB live. A growing factor of 2 keeps the peak near 200 MB for
 * about 10 % more CPU (1.5 gave 180 MB for 35 % more; `npm run bench:eval`). V8 reads this flag at every full
 * collection, so setting it once the process runs takes effect; it only changes when collections
 * happen, never what is kept.
 *
 * The young generation is the other half of the peak: every sample's short-lived objects pass
 * through it, and V8 lets each of its semi-spaces grow to 16 MB. Capped at 4 MB the same eval peaked
 * at 224-231 MB instead of 249-262 MB, at the same samples/s (`npm run bench:eval`); V8 reads the cap
 * when the young generation next grows, which an eval's first samples make it do.
 */

import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 100;
const MAX_SEMI_SPACE_MB = 4;
let limited = false;

export function limitHeapGrowth(): void {
  if (limited) return;
  limited = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  v8.setFlagsFromString(`--max-semi-space-size=${MAX_SEMI_SPACE_MB}`);
}
