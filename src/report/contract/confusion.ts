/** Layer 1 confusions (`eval.confusions`): which tool a model chose when another was expected. */

import { z } from 'zod';
import { count } from './values.js';

/**
 * One cell: the tool the case expected first (null for a negative case) against the tool the model
 * called first (null when it called none), over scored samples; error samples are not counted.
 */
export const ConfusionCellSchema = z.object({
  expected: z.string().nullable(),
  chosen: z.string().nullable(),
  count,
  /** The cases whose samples fell in this cell, each with its number of samples, most first. */
  cases: z.array(z.object({ id: z.string(), count })),
});
export type ConfusionCell = z.output<typeof ConfusionCellSchema>;

export const ConfusionTableSchema = z.object({
  /** Scored samples counted in the table. */
  samples: count,
  /** Every non-empty cell, the diagonal included, sorted by expected then chosen tool (none last). */
  cells: z.array(ConfusionCellSchema),
});
export type ConfusionTable = z.output<typeof ConfusionTableSchema>;
