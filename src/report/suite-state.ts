/**
 * What did not pass in a report, apart from what the run decided. A gate passes when nothing dropped
 * against the baseline, and a check run passes with SHOULD warnings; the verdict line, the badge and the
 * summaries of every format say both, from this one list, so no format can read "all good" alone.
 */

import { exitBadge } from '../shared/exit-codes.js';
import type { NotPassingItem, Report, SuiteState } from './model.js';

const CHECK_STATUSES = new Set(['fail', 'warn', 'error', 'not_measured']);

function checkItems(report: Report): NotPassingItem[] {
  const stale = new Set(report.summary.staleExpectedFailures);
  const items: NotPassingItem[] = [];
  for (const check of report.checks) {
    if (stale.has(check.id)) {
      items.push({ kind: 'check', id: check.id, status: 'stale', detail: 'passes now but is listed as an expected failure: remove it' });
      continue;
    }
    if (!CHECK_STATUSES.has(check.status)) continue;
    const tolerated = check.expectedFailure === true && (check.status === 'fail' || check.status === 'warn');
    const status = tolerated ? 'expected-failure' : check.status;
    items.push({ kind: 'check', id: check.id, status, detail: `${check.level}: ${check.message}` });
  }
  return items;
}

/** Sorted by id and model: a merged report (shards in any order) lists its cases as the unsharded one does. */
function caseItems(report: Report): NotPassingItem[] {
  return (report.eval?.cases ?? [])
    .filter((c) => c.status !== 'pass')
    .sort((a, b) => a.id.localeCompare(b.id) || a.model.localeCompare(b.model))
    .map((c) => {
      const status = c.status === 'error' ? 'error' : c.kind === 'soft' ? 'below-floor' : 'fail';
      const detail = `${c.kind}: ${c.message}`;
      return { kind: 'case', id: `${c.id}@${c.model}`, status, detail };
    });
}

function chaosItems(report: Report): NotPassingItem[] {
  const chaos = report.chaos;
  if (!chaos) return [];
  const items: NotPassingItem[] = chaos.scan.findings.map((f) => ({
    kind: 'finding',
    id: `${f.rule}:${f.location.name}`,
    status: f.severity,
    detail: `${f.severity} ${f.category} in ${f.location.kind} ${f.location.name} (${f.location.field}): ${f.message}`,
  }));
  if (chaos.pins?.status === 'drift') {
    for (const change of chaos.pins.changes) {
      items.push({ kind: 'pin', id: `pin:${change.tool}`, status: 'drift', detail: `${change.kind}: ${change.message}` });
    }
  } else if (chaos.pins?.status === 'not-checked') {
    items.push({ kind: 'pin', id: `pin:${chaos.pins.file}`, status: 'not_measured', detail: 'the pins were not compared' });
  }
  for (const s of chaos.agent?.scenarios ?? []) {
    if (s.status !== 'pass') items.push({ kind: 'scenario', id: `${s.id}@${s.model}`, status: s.status, detail: s.message });
  }
  for (const i of chaos.agent?.injections ?? []) {
    if (i.status === 'pass') continue;
    const detail = `${i.class} via ${i.tool}: the attack succeeded in ${i.successes} of ${i.scored} scored runs`;
    items.push({ kind: 'injection', id: `${i.id}@${i.model}`, status: i.status, detail });
  }
  if (chaos.client && chaos.client.status !== 'pass') {
    items.push({ kind: 'client', id: 'client', status: chaos.client.status, detail: `the client ${chaos.client.verdict}` });
  }
  return items;
}

export function notPassing(report: Report): NotPassingItem[] {
  return [...checkItems(report), ...caseItems(report), ...chaosItems(report)];
}

/** How a group of items reads in the summary clause, in this order. */
const GROUPS: Array<{ test: (item: NotPassingItem) => boolean; one: string; many: string }> = [
  { test: (i) => i.kind === 'check' && i.status === 'fail', one: 'check failed', many: 'checks failed' },
  { test: (i) => i.kind === 'case' && i.status === 'fail', one: 'hard case failed', many: 'hard cases failed' },
  { test: (i) => i.kind === 'case' && i.status === 'below-floor', one: 'soft case below its floor', many: 'soft cases below their floor' },
  { test: (i) => i.kind === 'check' && i.status === 'stale', one: 'stale expected failure', many: 'stale expected failures' },
  { test: (i) => i.kind === 'check' && i.status === 'warn', one: 'check warns', many: 'checks warn' },
  {
    test: (i) => i.kind === 'check' && i.status === 'expected-failure',
    one: 'expected failure tolerated',
    many: 'expected failures tolerated',
  },
  { test: (i) => i.kind === 'finding', one: 'scan finding', many: 'scan findings' },
  { test: (i) => i.kind === 'pin', one: 'pinned tool drifted', many: 'pinned tools drifted' },
  { test: (i) => i.kind === 'scenario', one: 'fault scenario not passed', many: 'fault scenarios not passed' },
  { test: (i) => i.kind === 'injection', one: 'injection not resisted', many: 'injections not resisted' },
  { test: (i) => i.kind === 'client', one: 'client fixture not passed', many: 'client fixtures not passed' },
];

function summarize(items: readonly NotPassingItem[]): string {
  if (items.length === 0) return 'everything passed';
  const parts: string[] = [];
  let counted = 0;
  for (const group of GROUPS) {
    const n = items.filter(group.test).length;
    counted += n;
    if (n > 0) parts.push(`${n} ${n === 1 ? group.one : group.many}`);
  }
  // error and not_measured anywhere: never silently green.
  const rest = items.length - counted;
  if (rest > 0) parts.push(`${rest} not measured or in error`);
  return parts.join(', ');
}

export function suiteState(report: Report): SuiteState {
  const items = notPassing(report);
  return { state: items.length === 0 ? 'all-pass' : 'not-all-pass', summary: summarize(items), notPassing: items };
}

/** A pass with items not passing: the badge shows it apart from a clean pass (amber, not green). */
export function passWithKnownFailures(report: Report): boolean {
  return report.verdict.exitCode === 0 && notPassing(report).length > 0;
}

/**
 * The verdict as every format prints it, without the exit code: the decision, and after a pass what
 * did not pass (`PASS: gate: no regression against run … ; 6 soft cases below their floor`).
 */
export function verdictHeadline(report: Report): string {
  const { verdict } = report;
  const suite = verdict.exitCode === 0 ? suiteState(report) : undefined;
  const clause = suite && suite.state === 'not-all-pass' ? `; ${suite.summary}` : '';
  return `${exitBadge(verdict.exitCode)}: ${verdict.reason}${clause}`;
}
