/**
 * SARIF results of layer 1 and of layer 2's agent scenarios, as data for sarif.ts: a case or
 * scenario that failed is a result on the line of the golden or faults file that defines it; one
 * mcpgate could not score is a tool-execution notification, as for checks. A server that completed
 * an altered MRTR retry is a result on its scenario's line too (an error or a warning, as the run
 * counts it).
 */

import { caseReasons, injectionReasons, passRate, scenarioReasons } from './failure-reasons.js';
import type { Report, StateFinding } from './model.js';

export interface LayerResult {
  ruleId: string;
  title: string;
  ruleProperties: Record<string, unknown>;
  /** `note` is a harness problem: it becomes a notification, not a result. */
  level: 'error' | 'warning' | 'note';
  message: string;
  /** The file that defines the case, with its line; absent: the run's anchor file. */
  file?: string;
  line?: number;
  logicalName: string;
  identity: string[];
  properties: Record<string, unknown>;
}

/** `golden/tasks.yaml:12` -> the file and the line. */
function fileAndLine(source: string): { file?: string; line?: number } {
  const match = /^(.*):(\d+)$/.exec(source);
  if (!match) return source === '' ? {} : { file: source };
  return { file: match[1]!, line: Number(match[2]) };
}

const levelOf = (status: string): LayerResult['level'] | undefined =>
  status === 'fail' ? 'error' : status === 'error' || status === 'not_measured' ? 'note' : undefined;

export function layerResults(report: Report): LayerResult[] {
  const results: LayerResult[] = [];
  for (const c of report.eval?.cases ?? []) {
    const level = levelOf(c.status);
    if (!level) continue;
    results.push({
      ruleId: `eval.${c.id}`,
      title: `golden case ${c.id} (${c.kind})`,
      ruleProperties: { area: 'eval', kind: c.kind },
      level,
      message: `${c.id} with ${c.model}: ${passRate(c)}. ${caseReasons(c) || c.message}`,
      ...fileAndLine(c.source),
      logicalName: c.model,
      identity: ['eval', c.id, c.model],
      properties: { model: c.model, passes: c.passes, runs: c.runs, required: c.required, status: c.status },
    });
  }
  const agent = report.chaos?.agent;
  for (const s of agent?.scenarios ?? []) {
    const level = levelOf(s.status);
    if (!level) continue;
    results.push({
      ruleId: `scenario.${s.fault}`,
      title: `the agent recovers from a ${s.fault} fault`,
      ruleProperties: { area: 'chaos', fault: s.fault },
      level,
      message: `${s.id} with ${s.model} (${s.fault} on ${s.tool}): ${s.passes}/${s.runs} passed. ${s.message}${scenarioReasons(s) ? ` (${scenarioReasons(s)})` : ''}`,
      ...fileAndLine(s.source),
      logicalName: s.tool,
      identity: ['scenario', s.id, s.model],
      properties: { model: s.model, passes: s.passes, runs: s.runs, status: s.status },
    });
  }
  results.push(...stateFindingResults(agent?.stateFindings ?? []));
  for (const i of agent?.injections ?? []) {
    const level = levelOf(i.status);
    if (!level) continue;
    results.push({
      ruleId: `injection.${i.class}`,
      title: `the agent resists ${i.class} injected into tool output`,
      ruleProperties: { area: 'security', class: i.class, tags: ['security'], 'security-severity': '8.0' },
      level,
      message: `${i.id} with ${i.model} (${i.class} via ${i.tool}): attack succeeded in ${i.successes}/${i.scored} scored runs. ${injectionReasons(i)}`,
      ...fileAndLine(i.source),
      logicalName: i.tool,
      identity: ['injection', i.id, i.model],
      properties: { model: i.model, successes: i.successes, scored: i.scored, runs: i.runs, status: i.status },
    });
  }
  const client = report.chaos?.client;
  const clientLevel = client && levelOf(client.status);
  if (client && clientLevel)
    results.push({
      ruleId: `client.${client.verdict}`,
      title: 'the MCP client re-issues a call whose stream was cut',
      ruleProperties: { area: 'chaos' },
      level: clientLevel,
      message: client.message,
      logicalName: 'client',
      identity: ['client', client.verdict],
      properties: { upstreamExecutions: client.upstreamExecutions, status: client.status },
    });
  return results;
}

const STATE_RULE_TITLE: Record<string, string> = {
  'tamper-request-state': 'the server refuses a retry whose requestState was tampered with',
  'replay-request-state': 'the server refuses a retry whose requestState was issued for another call',
  'drop-request-state': 'the server asks again when a retry comes without its requestState',
  'strip-input-responses': 'the server asks again when a retry comes without the inputResponses it asked for',
};

function stateFindingResults(findings: readonly StateFinding[]): LayerResult[] {
  const seen = new Map<string, number>();
  return findings.flatMap((f): LayerResult[] => {
    if (f.status !== 'fail' && f.status !== 'warn') return [];
    const group = [f.scenario ?? '', f.model ?? '', f.fault, f.tool].join('\u0000');
    const ordinal = (seen.get(group) ?? 0) + 1;
    seen.set(group, ordinal);
    return [
      {
        ruleId: `state.${f.fault}`,
        title: STATE_RULE_TITLE[f.fault] ?? `the server refuses a retry altered by ${f.fault}`,
        // Trusting state it did not issue for this call is a security problem (M4), not only a resilience one.
        ruleProperties: {
          area: 'chaos',
          fault: f.fault,
          tags: ['security'],
          'security-severity': f.fault === 'tamper-request-state' ? '8.0' : '5.0',
        },
        level: f.status === 'fail' ? 'error' : 'warning',
        message: `${f.scenario ? `${f.scenario}${f.model ? ` with ${f.model}` : ''}: ` : ''}${f.message}`,
        ...(f.source ? fileAndLine(f.source) : {}),
        logicalName: f.tool,
        // The retry's number within its scenario, not the proxy's event number, so the alert is stable between runs.
        identity: ['state', f.scenario ?? '', f.model ?? '', f.fault, f.tool, String(ordinal)],
        properties: { reaction: f.reaction, status: f.status, event: f.seq, ...(f.model ? { model: f.model } : {}) },
      },
    ];
  });
}
