/**
 * The kinds of value the report is built from. Where zod's own wording would be vague, a kind
 * carries as its error the words that follow "must be" in a parse error (report/parse-problem.ts),
 * so a reader learns `summary.total must be a whole number, got -1`.
 */

import { z } from 'zod';

/** Counts, exit codes, token totals. */
export const count = z.int({ error: 'a whole number' }).min(0, { error: 'a whole number' });

export const milliseconds = z.number({ error: 'a number of milliseconds' }).min(0, { error: 'a number of milliseconds' });

/** A share of samples, from 0 to 1. */
export const fraction = z
  .number({ error: 'a fraction from 0 to 1' })
  .min(0, { error: 'a fraction from 0 to 1' })
  .max(1, { error: 'a fraction from 0 to 1' });

/** A rate over measured samples; null when nothing could be measured (never 0 by default). */
export const rate = fraction.nullable();

/** Ids and groupings that are matched by value, where an empty string would match nothing. */
export const nonEmptyText = z.string({ error: 'a non-empty string' }).min(1, { error: 'a non-empty string' });

/** The start of a run, as `Date.prototype.toISOString` writes it (an offset is accepted too). */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'an ISO 8601 date-time' });
