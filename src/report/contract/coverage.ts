/**
 * Layer 0: how much of the server the checks exercised. By default layer 0 calls only tools annotated
 * read-only, so on a server without annotations most tool, MRTR and progress checks skip; a summary
 * that says "all passed" must also say how little that covered.
 */

import { z } from 'zod';
import { count } from './values.js';

/**
 * Why listed tools were not called. `destructive`: annotated `destructiveHint: true`; `not-annotated`:
 * not annotated `readOnlyHint: true` (and not allowed with --allow-tool or check.calls);
 * `no-valid-arguments`: no arguments valid against its inputSchema could be built; `cap`: one of
 * mcpgate's own caps stopped before it (see `capped`).
 */
export const NotCalledReasonSchema = z.enum(['destructive', 'not-annotated', 'no-valid-arguments', 'cap']);
export type NotCalledReason = z.output<typeof NotCalledReasonSchema>;

export const NotCalledToolsSchema = z.object({
  reason: NotCalledReasonSchema,
  /** Tools not called for this reason. */
  count: count,
  /** At most 5 of them, for the message: the server's own text, escaped by every renderer. */
  names: z.array(z.string()),
});
export type NotCalledTools = z.output<typeof NotCalledToolsSchema>;

/** Items of one kind the server listed, and how many of them layer 0 read (or got). */
const ReadCountSchema = z.object({ listed: count, read: count });

export const CoverageSchema = z.object({
  tools: z.object({
    listed: count,
    /** Distinct tools layer 0 called at least once. */
    called: count,
    /** The tools not called, one entry per reason. */
    notCalled: z.array(NotCalledToolsSchema),
  }),
  resources: ReadCountSchema,
  resourceTemplates: ReadCountSchema,
  prompts: z.object({ listed: count, got: count }),
  /** Requests that answered input_required and were followed through (the MRTR checks' subjects). */
  mrtrSubjects: count,
  /** Calls that sent progress (the progress checks' subjects). */
  progressSubjects: count,
  /** mcpgate's own caps that stopped reading or calling, each naming the cap and the knob that raises it. */
  capped: z.array(z.string()),
  /**
   * One line: how to widen coverage, e.g. "name calls under check.calls in mcpgate.yaml, or pass
   * --allow-tool NAME"; absent when everything was exercised.
   */
  widen: z.string().optional(),
});
export type Coverage = z.output<typeof CoverageSchema>;
