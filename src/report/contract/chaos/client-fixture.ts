/**
 * `chaos.client`: whether a user's MCP client re-issues a tools/call whose response stream the
 * proxy cut after the server executed it (2026-07-28 has no stream resumption).
 */

import { z } from 'zod';
import { StatusSchema } from '../common.js';
import { count, milliseconds } from '../values.js';
import { ProxyEventSchema } from './proxy-event.js';

export const ClientVerdictSchema = z.enum(['re-issued', 're-issued-same-id', 'hung', 'gave-up', 'no-tool-call']);
export type ClientVerdict = z.output<typeof ClientVerdictSchema>;

export const ClientFixtureResultSchema = z.object({
  verdict: ClientVerdictSchema,
  status: StatusSchema,
  message: z.string(),
  proxyUrl: z.string(),
  /** A second tools/call with the same name and arguments arrived after the cut. */
  reissued: z.boolean(),
  /** How often the server executed the cut call (2 after a re-issue). */
  upstreamExecutions: count,
  exitCode: z.int().nullable(),
  /** The signal that ended the client, e.g. `SIGKILL` after the timeout. */
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  durationMs: milliseconds,
  stdoutTail: z.string(),
  stderrTail: z.string(),
  events: z.array(ProxyEventSchema),
});
export type ClientFixtureResult = z.output<typeof ClientFixtureResultSchema>;
