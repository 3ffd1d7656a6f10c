/** Layer 1, multi round-trip requests (SEP-2322): the input rounds of a call and the input score of a sample. */

import { z } from 'zod';
import { count } from './values.js';

/** The kinds of input a server may ask for in an `input_required` answer. */
export const InputKindSchema = z.enum(['elicitation', 'sampling', 'roots']);
export type InputKind = z.output<typeof InputKindSchema>;

export const EvalInputExchangeSchema = z.object({
  /** The key of the input request in `inputRequests`. */
  key: z.string(),
  kind: z.enum([...InputKindSchema.options, 'unknown']),
  /** The elicitation message or the sampling prompt text. */
  message: z.string().optional(),
  /** Field names of the requested elicitation form. */
  fields: z.array(z.string()).optional(),
  /** The tools a sampling request offered the model. */
  tools: z.array(z.string()).optional(),
  /** accept / decline / cancel for elicitation; `tool_use NAMES` when the sampling model called tools; `answered` or `not answered` otherwise. */
  answer: z.string(),
});

/** One `input_required` answer and how mcpgate followed it; the next round (or the result) is the retried call's answer. */
export const EvalInputRoundSchema = z.object({
  inputs: z.array(EvalInputExchangeSchema),
  /** The retry echoed a `requestState`. */
  requestState: z.boolean(),
});
export type EvalInputRound = z.output<typeof EvalInputRoundSchema>;

export const EvalInputProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('missing'), expected: z.string() }),
  z.object({ kind: z.literal('wrong-kind'), expected: z.string(), asked: z.array(z.string()) }),
  z.object({ kind: z.literal('message'), expected: z.string(), pattern: z.string(), asked: z.array(z.string()) }),
  z.object({ kind: z.literal('fields'), missing: z.array(z.string()) }),
  z.object({ kind: z.literal('refused'), action: z.string() }),
  z.object({ kind: z.literal('unfinished'), tool: z.string(), result: z.string() }),
  /**
   * The call was given up at one of mcpgate's caps on the server's demands, unanswered: `asked` is
   * what the server asked for in the cap's unit (rounds; requests in one round; sampling answers the
   * sample would have needed), `max` the cap (--max-rounds, --max-input-requests, --max-sampling-calls).
   */
  z.object({
    kind: z.literal('limit'),
    limit: z.enum(['rounds', 'input-requests', 'sampling-per-sample', 'sampling-per-run']),
    tool: z.string(),
    asked: count,
    max: count,
  }),
]);

/** The sample against the case's `expect_input`; present when the case expects input or input was asked. */
export const EvalInputScoreSchema = z.object({
  ok: z.boolean(),
  /** Input kinds the server asked for, each once, in order. */
  asked: z.array(z.string()),
  problems: z.array(EvalInputProblemSchema),
  /** Kinds asked although the case expects none (noted, not failed). */
  unexpected: z.array(z.string()),
});
