/** The metric items a terminal gate table names, each explained on a line of its own under it. */

import { metricTermsIn } from './metric-terms.js';
import { safe } from './terminal-escape.js';
import { wrapText } from './terminal-verdict.js';

/** Nothing when the texts name no metric item; otherwise one wrapped entry per item, then a blank line. */
export function metricLegendLines(texts: readonly string[], width: number): string[] {
  const terms = metricTermsIn(texts);
  if (terms.length === 0) return [];
  const lines = terms.flatMap((t) => wrapText(`${safe(t.id)}: ${safe(t.meaning)}`, '    ', width));
  return ['  metric items:', ...lines, ''];
}
