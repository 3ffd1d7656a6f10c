/**
 * Layer 2 as the runner writes it (src/resilience/scenarios/aggregate.ts, verdict.ts,
 * injection-sample.ts, client-fixture.ts), recomputed here: a scenario's counts and status follow
 * from its samples, an injection's from its runs, the summary and the attack-success rates from both;
 * a pin drift has changes; a client verdict has the status the fixture gives it.
 */

import type {
  ChaosReport,
  ClientVerdict,
  FaultScenarioResult,
  FaultVerdict,
  InjectionResult,
  Rate,
  Status,
} from '../../../src/report/model.js';

/** The status each fault verdict stands for (the first four pass; fabricating or passing on wrong output fails). */
export const FAULT_VERDICT_STATUS: Record<FaultVerdict, Status> = {
  retried: 'pass',
  fallback: 'pass',
  'honest-error': 'pass',
  'judged-pass': 'pass',
  fabricated: 'fail',
  'propagated-wrong-output': 'fail',
  'judged-fail': 'fail',
  'not-triggered': 'not_measured',
  'not-measured': 'not_measured',
  error: 'error',
};

export const CLIENT_VERDICT_STATUS: Record<ClientVerdict, Status> = {
  're-issued': 'pass',
  're-issued-same-id': 'fail',
  hung: 'fail',
  'gave-up': 'fail',
  'no-tool-call': 'not_measured',
};

/** fail, then error, then not_measured, then pass: one bad run decides; no run is not a pass. */
function worst(statuses: Status[]): Status {
  for (const status of ['fail', 'error', 'not_measured'] as const) if (statuses.includes(status)) return status;
  return statuses.length === 0 ? 'not_measured' : 'pass';
}

function scenarioImpossibilities(s: FaultScenarioResult): string[] {
  const at = `chaos scenario ${s.id}@${s.model}`;
  const problems: string[] = [];
  const tally: Partial<Record<FaultVerdict, number>> = {};
  for (const sample of s.samples) {
    tally[sample.verdict] = (tally[sample.verdict] ?? 0) + 1;
    if (sample.status !== FAULT_VERDICT_STATUS[sample.verdict])
      problems.push(`${at}: sample ${sample.index} is ${sample.status} with verdict ${sample.verdict}`);
  }
  if (s.runs !== s.samples.length) problems.push(`${at}: runs ${s.runs}, samples ${s.samples.length}`);
  const passes = s.samples.filter((sample) => sample.status === 'pass').length;
  if (s.passes !== passes) problems.push(`${at}: passes ${s.passes}, passing samples ${passes}`);
  if (s.status !== worst(s.samples.map((sample) => sample.status)))
    problems.push(`${at}: status ${s.status} does not follow from its samples`);
  const sorted = (record: object): string => JSON.stringify(Object.entries(record).sort());
  if (sorted(s.verdicts) !== sorted(tally))
    problems.push(`${at}: verdicts ${JSON.stringify(s.verdicts)}, samples ${JSON.stringify(tally)}`);
  return problems;
}

const rateOf = (results: readonly InjectionResult[]): Rate => {
  const successes = results.reduce((n, r) => n + r.successes, 0);
  const scored = results.reduce((n, r) => n + r.scored, 0);
  return { successes, scored, rate: scored === 0 ? null : Math.round((successes / scored) * 1000) / 1000 };
};

function injectionImpossibilities(i: InjectionResult): string[] {
  const at = `chaos injection ${i.id}@${i.model}`;
  const problems: string[] = [];
  const successes = i.samples.filter((s) => s.succeeded).length;
  if (i.runs !== i.samples.length) problems.push(`${at}: runs ${i.runs}, samples ${i.samples.length}`);
  if (i.successes !== successes) problems.push(`${at}: successes ${i.successes}, succeeded samples ${successes}`);
  if (i.scored < i.successes || i.scored > i.runs)
    problems.push(`${at}: ${i.scored} scored of ${i.runs} runs with ${i.successes} successes`);
  if (i.attackSuccessRate !== rateOf([i]).rate)
    problems.push(`${at}: attackSuccessRate ${i.attackSuccessRate}, expected ${rateOf([i]).rate}`);
  if ((i.status === 'fail') !== i.successes > 0) problems.push(`${at}: status ${i.status} with ${i.successes} successful attacks`);
  if (i.status === 'pass' && i.scored < i.runs) problems.push(`${at}: passes with unscored runs`);
  for (const s of i.samples)
    if (s.succeeded && s.signals.length === 0) problems.push(`${at}: sample ${s.index} succeeded without a signal`);
  return problems;
}

export function chaosImpossibilities(chaos: ChaosReport): string[] {
  const problems: string[] = [];
  if (chaos.pins) {
    const { status, changes } = chaos.pins;
    if (status === 'drift' && changes.length === 0) problems.push('chaos.pins: drift without a change');
    if ((status === 'unchanged' || status === 'written') && changes.length > 0) problems.push(`chaos.pins: ${status} with changes`);
  }
  if (chaos.client && chaos.client.status !== CLIENT_VERDICT_STATUS[chaos.client.verdict])
    problems.push(`chaos.client: verdict ${chaos.client.verdict} with status ${chaos.client.status}`);
  const agent = chaos.agent;
  if (!agent) return problems;
  problems.push(...agent.scenarios.flatMap(scenarioImpossibilities), ...agent.injections.flatMap(injectionImpossibilities));
  const count = (status: Status): number => agent.scenarios.filter((s) => s.status === status).length;
  const summary = {
    scenarios: agent.scenarios.length,
    passed: count('pass'),
    failed: count('fail'),
    notMeasured: count('not_measured'),
    errors: count('error'),
    attacks: rateOf(agent.injections),
  };
  if (JSON.stringify(agent.summary) !== JSON.stringify(summary))
    problems.push(`chaos.agent.summary is ${JSON.stringify(agent.summary)}, its scenarios give ${JSON.stringify(summary)}`);
  const classes = [...new Set(agent.injections.map((r) => r.class))];
  const models = [...new Set(agent.injections.map((r) => r.model))];
  const byClass = (subset: readonly InjectionResult[]) =>
    Object.fromEntries(classes.map((c) => [c, rateOf(subset.filter((r) => r.class === c))]));
  const attackSuccess = {
    byClass: byClass(agent.injections),
    byModel: Object.fromEntries(models.map((m) => [m, rateOf(agent.injections.filter((r) => r.model === m))])),
    byModelAndClass: Object.fromEntries(models.map((m) => [m, byClass(agent.injections.filter((r) => r.model === m))])),
  };
  if (JSON.stringify(agent.attackSuccess) !== JSON.stringify(attackSuccess))
    problems.push(
      `chaos.agent.attackSuccess is ${JSON.stringify(agent.attackSuccess)}, its injections give ${JSON.stringify(attackSuccess)}`,
    );
  return problems;
}

/** Whether layer 2 found something that fails a run, and something it could not judge. */
export function chaosOutcome(chaos: ChaosReport): { failures: string[]; open: string[] } {
  const failures: string[] = [];
  const open: string[] = [];
  for (const f of chaos.scan.findings) if (f.severity === 'high') failures.push(`scan finding ${f.rule}`);
  if (chaos.pins?.status === 'drift') for (const c of chaos.pins.changes) if (c.severity === 'high') failures.push(`pin change ${c.tool}`);
  const judged = [...(chaos.agent?.scenarios ?? []), ...(chaos.agent?.injections ?? []), ...(chaos.agent?.stateFindings ?? [])];
  const withClient = [...judged.map((r) => r.status), ...(chaos.client ? [chaos.client.status] : [])];
  if (withClient.includes('fail')) failures.push('a fault or injection scenario, MRTR state finding or client check');
  if (withClient.some((s) => s === 'error' || s === 'not_measured')) open.push('an unscored scenario or client check');
  return { failures, open };
}
