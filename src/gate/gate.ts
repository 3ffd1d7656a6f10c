/**
 * `gateReports`: the current report against a baseline, item by item. Absolute rules (MUST checks,
 * hard cases) need no baseline; relative rules (soft scores) need a comparable one. Overall: fail if
 * any item fails, else inconclusive if any item could not be judged, else pass; never a pass by
 * default when something could not be compared.
 */

import { EXIT } from '../shared/exit-codes.js';
import type { Report } from '../report/model.js';
import { suiteState } from '../report/suite-state.js';
import { belowFloorChange } from './below-floor.js';
import { describeChanges, matchCases, pairKey, type CaseMatch } from './case-set.js';
import { hardCaseFindings, relativeCaseFindings } from './cases.js';
import { hardCheckFindings, relativeCheckFindings } from './checks.js';
import { compareSetup } from './comparable.js';
import { driftReport, type DriftBaseline } from './drift.js';
import { caseLines } from './history-entry.js';
import { points } from '../report/format.js';
import { listed } from './measure.js';
import { metricFindings } from './metrics.js';
import { DEFAULT_GATE_OPTIONS, type BaselineTaken, type DriftItem, type GateFinding, type GateOptions, type GateResult } from './types.js';
import { zFor } from './wilson.js';

export function gateReports(
  current: Report,
  baseline: Report,
  options: GateOptions = DEFAULT_GATE_OPTIONS,
  taken: BaselineTaken = {},
): GateResult {
  const z = zFor(options.confidence);
  const setup = compareSetup(current, baseline);
  const findings = [...absoluteFindings(current), ...setup.findings];
  if (setup.checks) findings.push(...relativeCheckFindings(current, baseline, options, z));
  const match = setup.eval ? matchCases(current, baseline) : undefined;
  if (match?.unknown) findings.push(comparabilityFinding('comparability:golden', match.unknown));
  else if (match) {
    findings.push(...relativeCaseFindings(match, options, z), ...metricFindings(match, options, z));
    // An edited case set is judged on the rest; only when there is no rest at all is there nothing to say.
    const checksCompared = setup.checks && current.checks.length > 0 && baseline.checks.length > 0;
    if (match.compared.length === 0 && !checksCompared)
      findings.push(
        comparabilityFinding(
          'cases:none-compared',
          `no case x model pair of this run is in the baseline with the same definition (${describeChanges(match.changes)}), and there is nothing else to compare`,
        ),
      );
  }
  const fingerprint = baseline.target.fingerprint;
  const drift = driftReport(current, comparedOnly({ ...(fingerprint ? { fingerprint } : {}), cases: caseLines(baseline) }, match));
  const labels = new Map(drift.map((d) => [`case:${d.id}@${d.model}`, d.label]));
  const labelled = findings.map((f) => (labels.has(f.item) ? { ...f, drift: labels.get(f.item)! } : f));
  const accepted = taken.accepted ? `, accepted as the baseline on ${taken.accepted.acceptedAt}: "${taken.accepted.reason}"` : '';
  const against = taken.runId ? `run ${taken.runId} (${baseline.startedAt}${accepted})` : `the baseline of ${baseline.startedAt}`;
  const changes = match && !match.unknown && match.changes.length > 0 ? `, not compared: ${describeChanges(match.changes)}` : '';
  const passReason =
    `no regression against ${against}: ${labelled.length} item(s) compared, none dropped beyond max-drop ${points(options.maxDrop)}` +
    belowFloorChange(current, baseline, match && !match.unknown ? new Set(match.compared.map((p) => pairKey(p.current))) : undefined) +
    changes;
  const caseChanges = match && !match.unknown ? { caseChanges: match.changes } : {};
  return decide(
    current,
    labelled,
    drift,
    options,
    { startedAt: baseline.startedAt, ...taken, ...surfaceOf(baseline) },
    passReason,
    caseChanges,
  );
}

/** Drift is read over the pairs compared: a changed case's drop says nothing about the model or server. */
function comparedOnly(entry: DriftBaseline, match: CaseMatch | undefined): DriftBaseline {
  if (!match || match.unknown) return entry;
  const keys = new Set(match.compared.map((p) => pairKey(p.baseline)));
  return { ...entry, cases: entry.cases.filter((c) => keys.has(pairKey(c))) };
}

function comparabilityFinding(item: string, reason: string): GateFinding {
  return { item, kind: 'comparability', rule: 'comparable', verdict: 'inconclusive', reason };
}

/**
 * No usable baseline (missing, unreadable, another major version, no green run in the history): the
 * absolute rules still apply, and the result is at best inconclusive.
 */
export function gateWithoutBaseline(current: Report, unavailable: string, options: GateOptions = DEFAULT_GATE_OPTIONS): GateResult {
  const missing: GateFinding = { item: 'baseline', kind: 'baseline', rule: 'comparable', verdict: 'inconclusive', reason: unavailable };
  return decide(current, [...absoluteFindings(current), missing], [], options, { unavailable });
}

/**
 * The first run of a history (`--baseline auto` while recording, no usable green run yet): the hard
 * rules decide alone, and a pass says that this run becomes the baseline (`firstRun`, one clause), so a
 * new project starts its history instead of staying inconclusive until someone records by hand.
 */
export function gateFirstRun(
  current: Report,
  unavailable: string,
  firstRun: string,
  options: GateOptions = DEFAULT_GATE_OPTIONS,
): GateResult {
  return decide(current, absoluteFindings(current), [], options, { unavailable }, `no baseline yet: ${firstRun}; soft scores not compared`);
}

function absoluteFindings(current: Report): GateFinding[] {
  const findings = [...hardCheckFindings(current), ...hardCaseFindings(current)];
  // 3 (unreachable) and 4 (credentials): the run measured little or nothing, so silence is not a pass.
  if (current.verdict.exitCode === EXIT.unreachable || current.verdict.exitCode === EXIT.missingCredentials) {
    findings.push({
      item: 'report:verdict',
      kind: 'comparability',
      rule: 'comparable',
      verdict: 'inconclusive',
      reason: `the run did not complete (exit code ${current.verdict.exitCode}): ${current.verdict.reason}`,
    });
  }
  if (current.checks.length === 0 && (current.eval?.cases.length ?? 0) === 0) {
    findings.push({
      item: 'report:empty',
      kind: 'comparability',
      rule: 'comparable',
      verdict: 'inconclusive',
      reason: 'the report has no checks and no eval cases: nothing was measured',
    });
  }
  return findings;
}

const RANK: Record<GateFinding['verdict'], number> = { fail: 0, inconclusive: 1, pass: 2 };

/**
 * Findings sorted by verdict, then item: the same reports give the same output, whatever their case
 * order. The suite state of the current report rides along, so a pass is never read as "all good".
 */
function decide(
  current: Report,
  unsorted: GateFinding[],
  drift: DriftItem[],
  options: GateOptions,
  baseline: GateResult['baseline'],
  passReason?: string,
  extra: Pick<GateResult, 'caseChanges'> = {},
): GateResult {
  const findings = [...unsorted].sort((a, b) => RANK[a.verdict] - RANK[b.verdict] || a.item.localeCompare(b.item));
  const failed = findings.filter((f) => f.verdict === 'fail');
  const open = findings.filter((f) => f.verdict === 'inconclusive');
  const names = (list: GateFinding[]): string =>
    listed(
      list.map((f) => f.item),
      4,
    );
  const common = { options, baseline, findings, drift, ...extra, suite: suiteState(current) };
  if (failed.length > 0)
    return {
      ...common,
      verdict: 'fail',
      exitCode: EXIT.gateFailed,
      reason: `gate failed: ${failed.length} item(s) failed: ${names(failed)}`,
    };
  if (open.length > 0)
    return {
      ...common,
      verdict: 'inconclusive',
      exitCode: EXIT.inconclusive,
      reason: `inconclusive: ${open.length} item(s) could not be judged: ${names(open)}`,
    };
  return { ...common, verdict: 'pass', exitCode: EXIT.pass, reason: passReason ?? `gate passed: ${findings.length} item(s) compared` };
}

/** What the baseline run was made from and offered, as far as its report knows: for the tool diff and the commit line. */
function surfaceOf(baseline: Report): Pick<BaselineTaken, 'commit' | 'fingerprint' | 'tools'> {
  const { fingerprint, tools } = baseline.target;
  return {
    ...(baseline.commit !== undefined ? { commit: baseline.commit } : {}),
    ...(fingerprint ? { fingerprint } : {}),
    ...(tools ? { tools } : {}),
  };
}
