/**
 * Layer 0 as the runner writes it (src/conformance/runner.ts, check-result.ts): every result is a
 * registered check or probe applicable to the transport, with that definition's title, area, level and
 * spec page; its status is one a check outcome can map to; the summary counts the results.
 */

import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import type { Report, Status } from '../../../src/report/model.js';
import { ALL_PROBES } from '../../../src/resilience/probes/index.js';
import { specUrl } from '../../../src/spec/protocol.js';

export interface RegisteredCheck {
  id: string;
  title: string;
  area: string;
  level: 'MUST' | 'SHOULD';
  specRef: string;
  transports?: ReadonlyArray<'http' | 'stdio'>;
  probe: boolean;
}

/** Every check and robustness probe the runner can report, by id. */
export const REGISTERED: ReadonlyMap<string, RegisteredCheck> = new Map(
  [...ALL_CHECKS.map((c) => ({ ...c, probe: false })), ...ALL_PROBES.map((p) => ({ ...p, probe: true }))].map((c) => [
    c.id,
    {
      id: c.id,
      title: c.title,
      area: c.area,
      level: c.level,
      specRef: specUrl(c.spec),
      ...('transports' in c && c.transports ? { transports: c.transports } : {}),
      probe: c.probe,
    },
  ]),
);

export function checkImpossibilities(report: Report): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const check of report.checks) {
    const at = `checks: ${check.id}`;
    if (seen.has(check.id)) problems.push(`${at} appears twice`);
    seen.add(check.id);
    const registered = REGISTERED.get(check.id);
    if (!registered) {
      problems.push(`${at} is no registered check or probe`);
      continue;
    }
    for (const key of ['title', 'area', 'level', 'specRef'] as const)
      if (check[key] !== registered[key])
        problems.push(`${at} has ${key} ${JSON.stringify(check[key])}, its definition ${JSON.stringify(registered[key])}`);
    if (registered.transports && !registered.transports.includes(report.target.transport))
      problems.push(`${at} does not apply to ${report.target.transport} targets, so the runner never runs it there`);
    if (registered.probe && !report.chaos) problems.push(`${at} is a robustness probe in a report without a chaos section`);
    // An outcome is pass, violated, warn, skip or error; violated is fail for MUST, warn for SHOULD unless --strict.
    if (check.status === 'not_measured') problems.push(`${at} is not_measured, which no check outcome maps to`);
    if (check.status === 'fail' && check.level === 'SHOULD' && !report.options.strict)
      problems.push(`${at} is a failed SHOULD check without --strict (a violated SHOULD warns)`);
    if (check.limit !== undefined && check.status !== 'warn') problems.push(`${at} names a limit but is ${check.status}, not warn`);
    if (check.expectedFailure && check.status !== 'fail') problems.push(`${at} is marked an expected failure but is ${check.status}`);
    if (check.expectedFailure && report.options.expectedFailuresFile === undefined)
      problems.push(`${at} is marked an expected failure without an expected-failures file`);
  }
  const layers = [report.eval, report.chaos].filter((section) => section !== undefined).length;
  if (layers > 1 && !report.checks.some((c) => !REGISTERED.get(c.id)?.probe))
    problems.push(
      'checks: layers 1 and 2 in one report without layer 0, but only `mcpgate run` writes several layers and it always runs layer 0',
    );
  if (report.target.era !== 'modern' || failed(report, 'discover.responds')) {
    const blocked = report.checks.filter((c) => c.id !== 'discover.responds' && c.status !== 'skip');
    if (blocked.length > 0 && !report.chaos)
      problems.push(`checks ran on a server that did not answer as a modern one: ${blocked.map((c) => c.id).join(', ')}`);
  }
  return [...problems, ...summaryImpossibilities(report)];
}

function failed(report: Report, id: string): boolean {
  return report.checks.some((c) => c.id === id && c.status === 'fail');
}

function summaryImpossibilities(report: Report): string[] {
  const { checks, summary } = report;
  const problems: string[] = [];
  const expect = (what: string, actual: number, counted: number): void => {
    if (actual !== counted) problems.push(`summary.${what} is ${actual}, the checks count ${counted}`);
  };
  expect('total', summary.total, checks.length);
  for (const status of Object.keys(summary.byStatus) as Status[])
    expect(`byStatus.${status}`, summary.byStatus[status], checks.filter((c) => c.status === status).length);
  expect(
    'mustFailures',
    summary.mustFailures,
    checks.filter((c) => c.level === 'MUST' && c.status === 'fail' && !c.expectedFailure).length,
  );
  expect(
    'shouldFailures',
    summary.shouldFailures,
    checks.filter((c) => c.level === 'SHOULD' && (c.status === 'fail' || c.status === 'warn')).length,
  );
  expect('expectedFailures', summary.expectedFailures, checks.filter((c) => c.expectedFailure).length);
  for (const id of summary.staleExpectedFailures) {
    const check = checks.find((c) => c.id === id);
    if (check?.status !== 'pass') problems.push(`summary.staleExpectedFailures names ${id}, which is not a passing check`);
  }
  if (summary.staleExpectedFailures.length > 0 && report.options.expectedFailuresFile === undefined)
    problems.push('summary.staleExpectedFailures is not empty without an expected-failures file');
  return problems;
}
