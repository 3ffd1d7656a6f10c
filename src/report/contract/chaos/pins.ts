/** `chaos.pins`: the server's tools compared with the hashes pinned in a file (e.g. tools.lock). */

import { z } from 'zod';
import { count } from '../values.js';
import { SeveritySchema } from './scan.js';

export const PinChangeKindSchema = z.enum(['changed', 'added', 'removed', 'renamed']);
export type PinChangeKind = z.output<typeof PinChangeKindSchema>;

export const PinChangeSchema = z.object({
  kind: PinChangeKindSchema,
  /** The tool's current name (for `removed`, its pinned name). */
  tool: z.string(),
  /** `renamed`: the pinned name. */
  from: z.string().optional(),
  /** `changed`: the parts whose hash differs, e.g. ["description", "inputSchema"]. */
  fields: z.array(z.string()).optional(),
  severity: SeveritySchema,
  message: z.string(),
});
export type PinChange = z.output<typeof PinChangeSchema>;

export const PinStatusSchema = z.enum([
  /** The file did not exist and was written from the server's current tools. */
  'written',
  /** Every pinned tool matches. */
  'unchanged',
  /** Something differs from the pins: see `changes`. */
  'drift',
  /** --update-pins: the file was rewritten; `changes` says what was accepted. */
  'updated',
  /** tools/list could not be read completely: the pins were neither compared nor written. */
  'not-checked',
]);
export type PinStatus = z.output<typeof PinStatusSchema>;

export const PinsSectionSchema = z.object({
  file: z.string(),
  status: PinStatusSchema,
  /** Tools now published by the server. */
  tools: count,
  changes: z.array(PinChangeSchema),
});
export type PinsSection = z.output<typeof PinsSectionSchema>;
