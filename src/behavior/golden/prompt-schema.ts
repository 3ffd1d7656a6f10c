/**
 * What a user says to the model under test, as a golden case and a faults scenario both write it: one
 * `prompt`, or the `turns` of a conversation, never both.
 */

import { z } from 'zod';
import { documented } from '../../shared/user-files/key-docs.js';
import { hasMisspelt, report } from '../../shared/user-files/rules.js';

/**
 * The longest prompt, or turn of a conversation, a case may hold: far beyond anything typed, and
 * small enough that every case is a request a model can be sent, not a document pasted by mistake.
 */
export const MAX_PROMPT_CHARS = 64 * 1024;

/** A name or a line of text: written, not empty. */
export const text = (): z.ZodString => z.string().min(1);

const message = (): z.ZodString => text().max(MAX_PROMPT_CHARS);
const MESSAGE_WORDS = `text of at most ${MAX_PROMPT_CHARS} characters (MAX_PROMPT_CHARS)`;

export const PROMPT_KEYS = {
  prompt: documented(message().optional(), MESSAGE_WORDS, 'what the user types, as one message; or turns'),
  turns: documented(
    z.array(message()).min(1).optional(),
    `a non-empty list of ${MESSAGE_WORDS.replace('text', 'texts')}`,
    'a conversation: the user messages, sent in order; or prompt',
  ),
};

/** Exactly one of prompt and turns; a misspelt one is already an unknown key with its suggestion. */
export function promptOrTurns(value: object, context: z.core.$RefinementCtx, allowed: readonly string[]): void {
  const hasPrompt = 'prompt' in value;
  const hasTurns = 'turns' in value;
  if (hasPrompt && hasTurns)
    report(context, {
      path: ['turns'],
      message: 'has both "prompt" and "turns"',
      fix: 'keep "prompt" for one message, or "turns" for a conversation',
    });
  else if (!hasPrompt && !hasTurns && !hasMisspelt(context, allowed, 'prompt', 'turns'))
    report(context, { path: [], at: 'value', message: 'has neither "prompt" nor "turns"', fix: 'add "prompt:" with what the user types' });
}
