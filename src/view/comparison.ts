/**
 * Two runs compared the way the gate compares them: the gate itself decides (gateReports, with the
 * later run's own gate options when it had a gate), and every case and check of either run is lined
 * up beside it, before and after, with the Wilson interval the gate uses, its decision and its drift
 * label, so nothing the gate did not mention is hidden. Plain values; the page escapes them.
 */

import { gateReports } from '../gate/gate.js';
import { measured } from '../gate/measure.js';
import { DEFAULT_GATE_OPTIONS, type BaselineTaken } from '../gate/types.js';
import { zFor } from '../gate/wilson.js';
import type { DriftLabel, EvalCaseResult, GateCaseChange, GateFinding, GateResult, MeasuredRate, Report, Status } from '../report/model.js';

export interface CaseLine {
  id: string;
  model: string;
  kind: 'hard' | 'soft';
  before?: MeasuredRate;
  after?: MeasuredRate;
  /** Why the gate did not compare the pair: new, removed, or its definition changed. */
  change?: GateCaseChange;
  /** The gate's finding on this pair, when it made one. */
  finding?: GateFinding;
  drift?: DriftLabel;
}

export interface CheckLine {
  id: string;
  level: string;
  before?: Status;
  after?: Status;
  finding?: GateFinding;
}

export interface ConfigLine {
  what: string;
  before: string;
  after: string;
}

export interface Comparison {
  gate: GateResult;
  cases: CaseLine[];
  checks: CheckLine[];
  config: ConfigLine[];
}

const RANK: Record<string, number> = { fail: 0, inconclusive: 1 };

function rateOf(c: EvalCaseResult, z: number): MeasuredRate {
  return measured({ k: c.passes, n: c.runs - c.errors }, z);
}

/** Failures first, then what could not be judged, then drops, then the rest by case and model. */
function urgency(line: CaseLine): number {
  const rank = line.finding ? RANK[line.finding.verdict] : undefined;
  if (rank !== undefined) return rank;
  if (line.before && line.after && line.after.rate < line.before.rate) return 2;
  return 3;
}

function caseLines(before: Report, after: Report, gate: GateResult, z: number): CaseLine[] {
  const key = (id: string, model: string): string => `${id}@${model}`;
  const findings = new Map(gate.findings.filter((f) => f.kind === 'case').map((f) => [f.item, f]));
  const drift = new Map(gate.drift.map((d) => [key(d.id, d.model), d.label]));
  const changes = new Map((gate.caseChanges ?? []).map((c) => [key(c.id, c.model), c]));
  const lines = new Map<string, CaseLine>();
  for (const c of before.eval?.cases ?? []) lines.set(key(c.id, c.model), { id: c.id, model: c.model, kind: c.kind, before: rateOf(c, z) });
  for (const c of after.eval?.cases ?? []) {
    const line = lines.get(key(c.id, c.model));
    lines.set(key(c.id, c.model), { ...line, id: c.id, model: c.model, kind: c.kind, after: rateOf(c, z) });
  }
  for (const [k, line] of lines) {
    const finding = findings.get(`case:${k}`);
    const change = changes.get(k);
    const label = finding?.drift ?? drift.get(k);
    lines.set(k, { ...line, ...(finding ? { finding } : {}), ...(change ? { change } : {}), ...(label ? { drift: label } : {}) });
  }
  return [...lines.values()].sort((a, b) => urgency(a) - urgency(b) || a.id.localeCompare(b.id) || a.model.localeCompare(b.model));
}

function checkLines(before: Report, after: Report, gate: GateResult): CheckLine[] {
  const findings = new Map(gate.findings.filter((f) => f.kind === 'check').map((f) => [f.item, f]));
  const lines = new Map<string, CheckLine>();
  for (const c of before.checks) lines.set(c.id, { id: c.id, level: c.level, before: c.status });
  for (const c of after.checks) lines.set(c.id, { ...lines.get(c.id), id: c.id, level: c.level, after: c.status });
  const all = [...lines.values()].map((line) => {
    const finding = findings.get(`check:${line.id}`);
    return finding ? { ...line, finding } : line;
  });
  const moved = (l: CheckLine): number => (l.finding && l.finding.verdict !== 'pass' ? 0 : l.before !== l.after ? 1 : 2);
  return all.sort((a, b) => moved(a) - moved(b) || a.id.localeCompare(b.id));
}

function configLines(before: Report, after: Report): ConfigLine[] {
  const server = (r: Report): string => {
    const info = r.target.serverInfo;
    return info ? `${info.name} ${info.version}` : (r.target.fingerprint?.serverName ?? 'did not identify itself');
  };
  const models = (r: Report): string => r.eval?.models.map((m) => m.id).join(', ') || 'none';
  const golden = (r: Report): string =>
    r.eval ? `${r.eval.golden.file} (sha256 ${r.eval.golden.sha256.slice(0, 12)}, ${r.eval.golden.cases} cases)` : 'none';
  const tools = (r: Report): string =>
    r.target.fingerprint ? `${r.target.fingerprint.toolCount} (sha256 ${r.target.fingerprint.toolsSha256.slice(0, 12)})` : 'unknown';
  const rows: Array<[string, (r: Report) => string]> = [
    ['server', server],
    ['transport and era', (r) => `${r.target.transport}, ${r.target.era}`],
    ['tools', tools],
    ['served descriptions', (r) => r.target.fingerprint?.descriptions?.file ?? 'the server’s own'],
    ['models', models],
    ['judge', (r) => r.eval?.judge?.id ?? 'none'],
    ['golden set', golden],
    ['runs per case', (r) => (r.eval ? String(r.eval.settings.runs) : '-')],
    ['mcpgate version', (r) => r.tool.version],
    ['commit', (r) => r.commit ?? 'not recorded'],
    ['started', (r) => r.startedAt],
  ];
  return rows.map(([what, read]) => ({ what, before: read(before), after: read(after) }));
}

/** `after` gated against `before`; `taken` names `before` as the gate result shows it. */
export function compareRuns(before: Report, after: Report, taken: BaselineTaken): Comparison {
  const options = after.gate?.options ?? DEFAULT_GATE_OPTIONS;
  const gate = gateReports(after, before, options, taken);
  const z = zFor(options.confidence);
  return { gate, cases: caseLines(before, after, gate, z), checks: checkLines(before, after, gate), config: configLines(before, after) };
}
