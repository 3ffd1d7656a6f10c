/** Maps a finished layer 0 run to the documented exit codes (see README, "Exit codes"). */

import { EXIT } from '../shared/exit-codes.js';
import type { CheckResult, ConformanceSummary, TargetInfo, Verdict } from '../report/model.js';

export function verdictFor(
  target: TargetInfo,
  results: CheckResult[],
  summary: ConformanceSummary,
  context: { authRequired?: boolean; credentialsGiven?: boolean } = {},
): Verdict {
  if (context.authRequired) {
    const reason = results.find((r) => r.id === 'discover.responds')?.message ?? 'the server requires authentication';
    // With credentials given, a server mcpgate could not authenticate to because it broke a rule
    // (its metadata, its issuer, its token validation) has failed the gate; without any, the missing
    // credentials are the news.
    const failed = context.credentialsGiven
      ? results.filter((r) => r.status === 'fail' && !r.expectedFailure && r.id !== 'discover.responds').map((r) => r.id)
      : [];
    if (failed.length === 0) return { exitCode: EXIT.missingCredentials, reason };
    return { exitCode: EXIT.gateFailed, reason: `${failed.length} check(s) failed: ${failed.slice(0, 5).join(', ')}; so ${reason}` };
  }
  if (target.era !== 'modern' || results.some((r) => r.id === 'discover.responds' && r.status === 'fail')) {
    const reason = results.find((r) => r.id === 'discover.responds')?.message ?? 'the server could not be checked';
    return { exitCode: EXIT.unreachable, reason };
  }
  const failed = results.filter((r) => r.status === 'fail' && !r.expectedFailure);
  if (failed.length > 0) {
    const ids = failed.map((r) => r.id);
    return {
      exitCode: EXIT.gateFailed,
      reason: `${failed.length} check(s) failed: ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`,
    };
  }
  if (summary.staleExpectedFailures.length > 0) {
    return {
      exitCode: EXIT.gateFailed,
      reason: `stale expected failures (these checks pass now; remove them from the file): ${summary.staleExpectedFailures.join(', ')}`,
    };
  }
  const errors = results.filter((r) => r.status === 'error');
  if (errors.length > 0) {
    return {
      exitCode: EXIT.inconclusive,
      reason: `inconclusive: ${errors.length} check(s) could not be run by mcpgate: ${errors.map((r) => r.id).join(', ')}`,
    };
  }
  const limited = results.filter((r) => r.limit !== undefined && r.level === 'MUST');
  if (limited.length > 0) {
    return {
      exitCode: EXIT.inconclusive,
      reason: `inconclusive: ${limited.length} MUST check(s) met one of mcpgate's limits (${limited
        .slice(0, 3)
        .map((r) => r.id)
        .join(', ')}${limited.length > 3 ? ', …' : ''}); raise --timeout or --max-response-bytes if the server is right to need more`,
    };
  }
  const tolerated = summary.expectedFailures > 0 ? ` (${summary.expectedFailures} expected failure(s) tolerated)` : '';
  return { exitCode: EXIT.pass, reason: `every MUST check passed${tolerated}` };
}
