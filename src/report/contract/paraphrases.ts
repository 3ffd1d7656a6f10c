/**
 * Layer 1 wording robustness (`eval.paraphrases`, with `eval --paraphrases N`): a model reworded each
 * single-turn case N times with other names, places and numbers, and the rewordings were run beside
 * the golden set. Reported apart and never gated: a pass rate that falls on rewordings says the suite
 * (or the descriptions) rewards wording, not that the server broke.
 */

import { z } from 'zod';
import { count } from './values.js';

const TallySchema = z.object({ k: count, n: count });

/** Right first picks (from the confusion tables) and passes, over samples. */
export const PickFiguresSchema = z.object({ selection: TallySchema, passes: TallySchema });

export const ParaphraseRobustnessSchema = z.object({
  /** The model that wrote the rewordings. */
  writer: z.string(),
  /** Rewordings asked per case. */
  perCase: count,
  /** Rewordings written and run. */
  written: count,
  /** Cases not reworded (multi-turn, or scripting MRTR input), and why. */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  /** Cases whose answer held fewer rewordings than asked, with the problem and a short escaped excerpt. */
  unreadable: z.array(z.object({ id: z.string(), problem: z.string() })),
  /** Per model: the reworded cases as written, and their rewordings. */
  perModel: z.array(z.object({ model: z.string(), originals: PickFiguresSchema, paraphrases: PickFiguresSchema })),
  /** Case and model pairs whose rewordings were picked right less often than the case, largest drop first. */
  drops: z.array(z.object({ id: z.string(), model: z.string(), original: PickFiguresSchema, paraphrases: PickFiguresSchema })),
});
export type ParaphraseRobustness = z.output<typeof ParaphraseRobustnessSchema>;
