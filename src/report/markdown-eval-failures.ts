/** Layer 1 in the Markdown summary: every case result that did not pass, with its pass rate and why. */

import { firstFailingCalls } from './calls-text.js';
import { caseReasons, passRate } from './failure-reasons.js';
import { code, md, table } from './markdown-text.js';
import type { EvalReport } from './model.js';

export function evalFailuresMarkdown(ev: EvalReport, rows: number): string[] {
  const failing = ev.cases.filter((c) => c.status !== 'pass');
  if (failing.length === 0) return [];
  return [
    `**Cases that did not pass** (${failing.length} of ${ev.cases.length} case results):`,
    '',
    ...table(
      ['Status', 'Case', 'Model', 'Kind', 'Pass rate', 'Why', 'First failing run called'],
      failing.map((c) => [
        c.status,
        code(c.id),
        md(c.model),
        c.kind,
        passRate(c),
        md(caseReasons(c) || c.message),
        md(firstFailingCalls(c)),
      ]),
      rows,
    ),
  ];
}
