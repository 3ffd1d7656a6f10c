/** Maps a finished layer 1 run to the documented exit codes. */

import { rejectedCredentials } from '../models/rejections.js';
import { EXIT } from '../shared/exit-codes.js';
import type { Verdict } from '../report/model.js';
import type { EvalOutcome } from './runner.js';

export function evalVerdict(outcome: EvalOutcome): Verdict {
  const { cases } = outcome.report;
  if (outcome.serverFailure)
    return { exitCode: EXIT.unreachable, reason: `the server stopped answering during the run: ${outcome.serverFailure}` };
  // A rejected key leaves every case of its model an error: the fix is the key, not the run.
  const rejected = rejectedCredentials();
  if (rejected) return { exitCode: EXIT.missingCredentials, reason: rejected };
  const failed = cases.filter((c) => c.status === 'fail');
  if (failed.length > 0) {
    const names = [...new Set(failed.map((c) => c.id))];
    return {
      exitCode: EXIT.gateFailed,
      reason: `${failed.length} case result(s) below their floor: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`,
    };
  }
  const errored = cases.filter((c) => c.status === 'error');
  if (errored.length > 0) {
    return {
      exitCode: EXIT.inconclusive,
      reason: `inconclusive: ${errored.length} case result(s) could not be scored: ${errored[0]!.message}`,
    };
  }
  return { exitCode: EXIT.pass, reason: `every case met its floor (${cases.length} case result(s))` };
}
