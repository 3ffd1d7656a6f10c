/**
 * Arguments for a tool, built from its inputSchema (src/conformance/arguments/): valid ones, so
 * read-only tools can be called black-box; other valid ones, to replay an MRTR state with; invalid
 * ones, to see how a tool reports bad input.
 */

import { bestEffortArguments } from './arguments/best-effort.js';
import { synthesizeArguments } from './arguments/synthesize.js';

export { alternativeArguments, type AlternativeArguments } from './arguments/alternative.js';
export { invalidArguments, type InvalidArguments } from './arguments/invalid.js';
export { MAX_SAMPLE_ITEMS, MAX_SAMPLE_STRING_CHARS } from './arguments/limits.js';
export { synthesizeArguments, type SynthesizedArguments } from './arguments/synthesize.js';

/**
 * Arguments for the resilience probes, which call a tool to see how the server copes and need no
 * proof that the schema accepts them: the synthesized ones when there are, else a short best effort.
 */
export function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  const synthesized = synthesizeArguments(inputSchema);
  return synthesized.ok ? synthesized.args : bestEffortArguments(inputSchema);
}
