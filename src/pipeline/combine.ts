/** One verdict for a run of several layers: the most serious outcome wins, in a documented order. */

import { EXIT } from '../shared/exit-codes.js';
import type { Verdict } from '../report/model.js';

/** Unreachable and missing credentials stop everything; a failure outranks an inconclusive result. */
const SEVERITY: number[] = [EXIT.unreachable, EXIT.missingCredentials, EXIT.usage, EXIT.gateFailed, EXIT.inconclusive, EXIT.pass];

export function combineVerdicts(parts: Array<{ layer: string; verdict: Verdict }>): Verdict {
  const worst = [...parts].sort((a, b) => SEVERITY.indexOf(a.verdict.exitCode) - SEVERITY.indexOf(b.verdict.exitCode))[0];
  if (!worst) return { exitCode: EXIT.pass, reason: 'nothing to run' };
  if (worst.verdict.exitCode === EXIT.pass)
    return { exitCode: EXIT.pass, reason: parts.map((p) => `${p.layer}: ${p.verdict.reason}`).join('; ') };
  return { exitCode: worst.verdict.exitCode, reason: `${worst.layer}: ${worst.verdict.reason}` };
}
