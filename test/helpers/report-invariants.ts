/**
 * Whether a Report is one mcpgate could have written. Renderer tests build reports by hand; a fixture
 * the runner could never produce (a summary that does not count the checks, a pass with a failing
 * case, an invented check id) makes a test prove nothing about real output. `assertPossibleReport`
 * throws, naming every impossibility, so such a fixture fails its own test.
 *
 * Two sides: the report contract (src/report/contract/, through parseReport: a key it does not know
 * is an impossibility too, since the writer never emits one), and the runner's invariants (helpers in
 * invariants/), written from the runner's rules without calling the code that applies them.
 * test/e2e/report/invariants.test.ts holds the checker to what real runs write; test/unit/report/
 * invariants.test.ts proves it catches each impossible state.
 */

import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parseReport } from '../../src/report/json.js';
import type { Coverage, Report } from '../../src/report/model.js';
import { chaosImpossibilities } from './invariants/chaos.js';
import { checkImpossibilities } from './invariants/checks.js';
import { evalImpossibilities } from './invariants/eval.js';
import { verdictImpossibilities } from './invariants/verdict.js';

function contractImpossibilities(report: Report): string[] {
  const json: unknown = JSON.parse(JSON.stringify(report));
  let parsed: Report;
  try {
    parsed = parseReport(JSON.stringify(json));
  } catch (error) {
    return [(error as Error).message];
  }
  // The writer adds the suite state; the reader drops keys it does not know.
  const { suite: _suite, ...verdict } = parsed.verdict;
  const { suite: _written, ...given } = (json as Report).verdict;
  return isDeepStrictEqual({ ...parsed, verdict }, { ...(json as Report), verdict: given })
    ? []
    : ['the contract drops part of it: a key no writer emits (compare the fixture with parseReport of it)'];
}

function coverageImpossibilities(coverage: Coverage): string[] {
  const { tools } = coverage;
  const problems: string[] = [];
  const left = tools.notCalled.reduce((n, entry) => n + entry.count, 0);
  if (tools.called + left > tools.listed) problems.push(`coverage: ${tools.called} called and ${left} not called of ${tools.listed} tools`);
  for (const entry of tools.notCalled)
    if (entry.count === 0 || entry.names.length !== Math.min(entry.count, 5))
      problems.push(`coverage: ${entry.count} ${entry.reason} tool(s) named by ${entry.names.length} names (at most 5 are named)`);
  if (new Set(tools.notCalled.map((n) => n.reason)).size !== tools.notCalled.length) problems.push('coverage: a reason appears twice');
  if ((coverage.widen !== undefined) !== tools.notCalled.length > 0)
    problems.push('coverage: says how to widen exactly when a tool was left out');
  for (const [what, read, listed] of [
    ['resources', coverage.resources.read, coverage.resources.listed],
    ['resourceTemplates', coverage.resourceTemplates.read, coverage.resourceTemplates.listed],
    ['prompts', coverage.prompts.got, coverage.prompts.listed],
  ] as const)
    if (read > listed) problems.push(`coverage: ${read} ${what} read of ${listed} listed`);
  return problems;
}

function targetImpossibilities(report: Report): string[] {
  const { fingerprint, tools } = report.target;
  if (fingerprint && tools && fingerprint.toolCount !== tools.length)
    return [`target: the fingerprint counts ${fingerprint.toolCount} tools, the surface lists ${tools.length}`];
  return [];
}

/** Every way `report` differs from what a run of mcpgate writes; empty when it could have been written. */
export function reportImpossibilities(report: Report): string[] {
  const contract = contractImpossibilities(report);
  if (contract.length > 0) return contract;
  return [
    ...targetImpossibilities(report),
    ...checkImpossibilities(report),
    ...(report.coverage ? coverageImpossibilities(report.coverage) : []),
    ...(report.eval ? evalImpossibilities(report.eval) : []),
    ...(report.chaos ? chaosImpossibilities(report.chaos) : []),
    ...verdictImpossibilities(report),
  ];
}

/** The report itself when mcpgate could have written it; otherwise throws, listing why not. */
export function assertPossibleReport<T extends Report>(report: T): T {
  const problems = reportImpossibilities(report);
  if (problems.length > 0) throw new Error(`a report no run of mcpgate writes:\n  ${problems.join('\n  ')}`);
  return report;
}

/** The report a run wrote to `file`, read through the contract and held to the invariants. */
export function readPossibleReport(file: string): Report {
  if (!existsSync(file)) throw new Error(`${file} was not written`);
  return assertPossibleReport(parseReport(readFileSync(file, 'utf8')));
}
