/**
 * The MRTR keys of a case: how the simulated user answers the server's elicitation requests
 * (`inputs`), and what input the server is expected to ask for (`expect_input`).
 */

import { z } from 'zod';
import { InputKindSchema } from '../../report/model.js';
import { documented, oneOf } from '../../shared/user-files/key-docs.js';
import { readsKeys, report, whenSound } from '../../shared/user-files/rules.js';
import { checkPattern } from './pattern-check.js';
import { text } from './prompt-schema.js';

const InputActionSchema = z.enum(['accept', 'decline', 'cancel']);

/** One scripted answer to an elicitation request. */
export const InputAnswerSchema = z
  .strictObject({
    match: documented(
      text().optional(),
      'text',
      'answers the first unanswered request whose message contains this text; without it, the next in order',
    ),
    action: documented(InputActionSchema, oneOf(InputActionSchema.options), 'how the simulated user answers'),
    content: documented(
      z.record(z.string(), z.unknown()).optional(),
      'a mapping of form fields to values',
      'the form sent with accept; without it, a form filled from the requested schema',
    ),
  })
  .superRefine(
    (answer, context) => {
      if (answer.content !== undefined && answer.action !== 'accept')
        report(context, {
          path: ['content'],
          message: `"content" with action ${answer.action}: only an accepted form sends content`,
          fix: 'use "action: accept" or remove "content"',
        });
    },
    whenSound(readsKeys('action')),
  );
export type InputAnswer = z.output<typeof InputAnswerSchema>;

const kind = () => z.enum(InputKindSchema.options);

const InputCheckSchema = z
  .strictObject({
    kind: documented(kind(), oneOf(InputKindSchema.options), 'the kind of input the server should ask for'),
    message: documented(
      text().optional(),
      'a regular expression',
      "a pattern the request's message (elicitation) or first prompt text (sampling) must match",
    ),
    fields: documented(z.array(text()).min(1).optional(), 'a non-empty list of field names', 'fields the elicitation form must request'),
  })
  .superRefine(
    (expected, context) => {
      if (expected.message !== undefined) checkPattern(context, ['message'], expected.message);
      if (expected.fields !== undefined && expected.kind !== 'elicitation')
        report(context, {
          path: ['fields'],
          message: '"fields" checks an elicitation form',
          fix: 'use "kind: elicitation" or remove "fields"',
        });
    },
    whenSound(readsKeys('kind', 'message', 'fields')),
  );

/** What the server is expected to ask for: a bare kind, or a mapping with checks on what was asked. */
export const InputExpectationSchema = z.union([
  kind().transform((bare): z.output<typeof InputCheckSchema> => ({ kind: bare })),
  InputCheckSchema,
]);
export type InputExpectation = z.output<typeof InputExpectationSchema>;
