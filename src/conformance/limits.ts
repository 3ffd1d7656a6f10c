/**
 * mcpgate's own limits are never a server's failure (a slow answer on a busy machine, a response
 * over --max-response-bytes, a list past --max-list-items): a check whose verdict rests on an
 * exchange that met one ends as a warning that names the limit and what raises it.
 */

import type { Exchange } from '../wire/exchange.js';
import type { CheckOutcome } from './check.js';

/** The first exchange of a check that ended at one of mcpgate's limits instead of an answer. */
export function limitMet(exchanges: readonly Exchange[]): Exchange | undefined {
  return exchanges.find((e) => !e.response && (e.error?.kind === 'timeout' || e.error?.kind === 'too-large'));
}

/**
 * A violation or harness error seen while a limit was met is inconclusive: it becomes a warning
 * that says which limit, and keeps what was judged before it. Passes, warnings and skips stand.
 */
export function withinLimits(outcome: CheckOutcome, exchanges: readonly Exchange[]): CheckOutcome {
  if (outcome.status !== 'violated' && outcome.status !== 'error') return outcome;
  const met = limitMet(exchanges);
  if (!met) return outcome;
  return {
    status: 'warn',
    message: `inconclusive: one of mcpgate's limits was met, not a rule broken: ${met.error!.message} (what was judged: ${outcome.message})`,
    evidence: outcome.evidence,
    fix: 'raise the limit named above if the server is right to need more',
    limit: met.error!.message,
  };
}
