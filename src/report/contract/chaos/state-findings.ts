/**
 * The server's side of the MRTR retry faults: whether it refused a retry whose requestState was
 * dropped, tampered with or replayed from another call, or whose inputResponses were stripped
 * (checklist M4, M5). One finding per altered retry the server answered.
 */

import { z } from 'zod';
import { StatusSchema } from '../common.js';
import { count } from '../values.js';
import { FaultKindSchema, ServerReactionSchema } from './proxy-event.js';

export const StateFindingSchema = z.object({
  /** The proxy event of the altered retry. */
  seq: count,
  tool: z.string(),
  fault: FaultKindSchema,
  reaction: ServerReactionSchema,
  /** pass when the server refused; when it completed: fail for tampered state (a MUST), warn for the rest (SHOULDs). */
  status: StatusSchema,
  message: z.string(),
  /** The scenario whose run altered the retry, its model and its `file:line`; absent when read off a bare event log. */
  scenario: z.string().optional(),
  model: z.string().optional(),
  source: z.string().optional(),
});
export type StateFinding = z.output<typeof StateFindingSchema>;
