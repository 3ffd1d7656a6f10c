/**
 * The verdict a run can end with, given what its report holds (src/conformance/verdict.ts,
 * behavior/verdict.ts, resilience/offline-verdict.ts, pipeline/combine.ts, gate/gate.ts): a failure
 * anywhere is exit 1, else something unjudged is exit 5, else 0; 3 and 4 stop a run whatever else it
 * holds. Under a gate (`mcpgate run` with gate.baseline) the gate decides, and its findings carry every
 * hard rule the report breaks.
 */

import type { GateResult, Report } from '../../../src/report/model.js';
import { EXIT } from '../../../src/shared/exit-codes.js';
import { chaosOutcome } from './chaos.js';

const STOPS: readonly number[] = [EXIT.unreachable, EXIT.missingCredentials];
const WRITTEN: readonly number[] = [EXIT.pass, EXIT.gateFailed, EXIT.unreachable, EXIT.missingCredentials, EXIT.inconclusive];

/** What fails the run, and what leaves it inconclusive, read off the results. */
function outcome(report: Report): { failures: string[]; open: string[] } {
  const failures: string[] = [];
  const open: string[] = [];
  for (const c of report.checks) {
    if (c.status === 'fail' && !c.expectedFailure) failures.push(`check ${c.id}`);
    if (c.status === 'error' || (c.limit !== undefined && c.level === 'MUST')) open.push(`check ${c.id}`);
  }
  if (report.summary.staleExpectedFailures.length > 0) failures.push('stale expected failures');
  for (const c of report.eval?.cases ?? []) {
    if (c.status === 'fail') failures.push(`case ${c.id}@${c.model}`);
    if (c.status === 'error') open.push(`case ${c.id}@${c.model}`);
  }
  if (report.chaos) {
    const chaos = chaosOutcome(report.chaos);
    failures.push(...chaos.failures);
    open.push(...chaos.open);
  }
  return { failures, open };
}

export function verdictImpossibilities(report: Report): string[] {
  const { exitCode } = report.verdict;
  if (!WRITTEN.includes(exitCode)) return [`verdict: exit code ${exitCode} is never written in a report`];
  const problems: string[] = [];
  const discover = report.checks.find((c) => c.id === 'discover.responds');
  if (discover && (discover.status === 'fail' || report.target.era !== 'modern') && !STOPS.includes(exitCode))
    problems.push(`verdict: exit code ${exitCode}, but the server did not answer as a modern one (exit 3 or 4)`);
  if (report.gate) return [...problems, ...gateImpossibilities(report, report.gate)];
  if (STOPS.includes(exitCode)) return problems;
  const { failures, open } = outcome(report);
  if (exitCode === EXIT.gateFailed && failures.length === 0) problems.push('verdict: exit code 1, but nothing failed');
  if (exitCode !== EXIT.gateFailed && failures.length > 0)
    problems.push(`verdict: exit code ${exitCode}, but these failed: ${failures.join(', ')}`);
  if (exitCode === EXIT.inconclusive && open.length === 0) problems.push('verdict: exit code 5, but nothing was left unjudged');
  if (exitCode === EXIT.pass && open.length > 0) problems.push(`verdict: exit code 0, but these were not judged: ${open.join(', ')}`);
  return problems;
}

const GATE_EXIT: Record<GateResult['verdict'], number> = { pass: EXIT.pass, fail: EXIT.gateFailed, inconclusive: EXIT.inconclusive };

function gateImpossibilities(report: Report, gate: GateResult): string[] {
  const problems: string[] = [];
  if (gate.exitCode !== GATE_EXIT[gate.verdict]) problems.push(`gate: verdict ${gate.verdict} with exit code ${gate.exitCode}`);
  const has = (verdict: GateResult['verdict']): boolean => gate.findings.some((f) => f.verdict === verdict);
  const decided = has('fail') ? 'fail' : has('inconclusive') ? 'inconclusive' : 'pass';
  if (gate.verdict !== decided) problems.push(`gate: verdict ${gate.verdict}, its findings give ${decided}`);
  if (!STOPS.includes(report.verdict.exitCode)) {
    if (report.verdict.exitCode !== gate.exitCode)
      problems.push(`verdict: exit code ${report.verdict.exitCode}, the gate's ${gate.exitCode}`);
    if (report.verdict.reason !== `gate: ${gate.reason}`)
      problems.push(`verdict: reason ${JSON.stringify(report.verdict.reason)} is not the gate's`);
  }
  // The hard rules need no baseline: every run under a gate has a finding for each one it breaks.
  const finding = (item: string, verdict: GateResult['verdict']): void => {
    if (!gate.findings.some((f) => f.item === item && f.verdict === verdict)) problems.push(`gate: no ${verdict} finding for ${item}`);
  };
  for (const c of report.checks) {
    if (c.level === 'MUST' && c.status === 'fail' && !c.expectedFailure) finding(`check:${c.id}`, 'fail');
    if (c.status === 'error') finding(`check:${c.id}`, 'inconclusive');
  }
  if (report.summary.staleExpectedFailures.length > 0) finding('check:expected-failures', 'fail');
  for (const c of report.eval?.cases ?? []) {
    if (c.kind === 'hard' && c.status === 'fail') finding(`case:${c.id}@${c.model}`, 'fail');
    if (c.status === 'error') finding(`case:${c.id}@${c.model}`, 'inconclusive');
  }
  return problems;
}
