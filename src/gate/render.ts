/**
 * The gate's terminal output: the items that failed or could not be judged, then the verdict line.
 * Items and reasons quote report files (case ids, server messages), so they are escaped.
 */

import { painter } from '../report/ansi.js';
import { safe } from '../report/terminal-escape.js';
import { DEFAULT_WIDTH } from '../report/terminal.js';
import { renderFailureList } from '../report/terminal-verdict.js';
import { intervalText } from '../report/format.js';
import { listed } from './measure.js';
import type { GateCaseChange, GateFinding, GateResult, MeasuredRate } from './types.js';

function cell(rate: MeasuredRate | undefined): string {
  if (!rate) return '-';
  return `${rate.k}/${rate.n} ${Math.round(rate.rate * 100)}% ${intervalText(rate.interval)}`;
}

function describeBaseline(baseline: GateResult['baseline']): string {
  if ('unavailable' in baseline) return `no usable baseline (${safe(baseline.unavailable)})`;
  const source = baseline.source ? `, ${safe(baseline.source)}` : '';
  const accepted = baseline.accepted
    ? `accepted as the baseline on ${baseline.accepted.acceptedAt}: "${safe(baseline.accepted.reason)}"; `
    : '';
  if (baseline.runId)
    return `the baseline run ${baseline.runId} of ${baseline.startedAt} (${accepted}exit code ${baseline.exitCode}${source})`;
  return `baseline of ${baseline.startedAt}${baseline.source ? ` (${safe(baseline.source)})` : ''}`;
}

const CHANGE_HEADS: Record<GateCaseChange['change'], string> = {
  new: 'new: no baseline yet',
  changed: 'changed: not compared',
  removed: 'removed',
};

/** The pairs left out of the comparison, one line per kind of change, so an edited golden set reads at a glance. */
function caseChangeLines(changes: readonly GateCaseChange[]): string[] {
  if (changes.length === 0) return [];
  const lines = ['', `not compared (${changes.length} case x model pair(s); the gate decided on the rest):`];
  for (const change of ['new', 'changed', 'removed'] as const) {
    const pairs = changes.filter((c) => c.change === change).map((c) => safe(`${c.id}@${c.model}`));
    if (pairs.length > 0) lines.push(`  ${CHANGE_HEADS[change]} (${pairs.length}): ${listed(pairs, 8)}`);
  }
  return lines;
}

/** The verdict line without its exit code: the decision, and after a pass what did not pass in the report. */
export function gateHeadline(result: GateResult): string {
  const clause = result.verdict === 'pass' && result.suite?.state === 'not-all-pass' ? `; ${result.suite.summary}` : '';
  return `${result.verdict.toUpperCase()}: ${safe(result.reason)}${safe(clause)}`;
}

/** `verdict: false` leaves out the verdict line, for `run`, which prints the report's verdict once below it. */
export function renderGate(result: GateResult, options: { verbose?: boolean; verdict?: boolean; width?: number } = {}): string {
  const shown = result.findings.filter((f) => options.verbose || f.verdict !== 'pass');
  const lines: string[] = [];
  lines.push(`mcpgate gate: ${result.findings.length} item(s) against ${describeBaseline(result.baseline)}`);
  lines.push(
    `  rules: soft scores may drop at most ${result.options.maxDrop * 100} points (significant at ${result.options.confidence * 100}% Wilson/Newcombe), at least ${result.options.minSamples} samples a side`,
  );
  if (shown.length > 0) {
    const rows = shown.map((f) => [f.verdict.toUpperCase(), safe(f.item), cell(f.baseline), cell(f.current), safe(f.drift ?? '')]);
    const header = ['verdict', 'item', 'baseline (k/N % [Wilson])', 'current (k/N % [Wilson])', 'drift'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]): string => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
    lines.push('', line(header));
    shown.forEach((f: GateFinding, i) => {
      lines.push(line(rows[i]!));
      lines.push(`  ${' '.repeat(widths[0]!)}  ${safe(f.reason)}`);
    });
  }
  lines.push(...caseChangeLines(result.caseChanges ?? []));
  if (result.drift.length > 0) {
    const count = (label: string): number => result.drift.filter((d) => d.label === label).length;
    const parts = ['model-drift', 'regression', 'unattributed'].filter((l) => count(l) > 0).map((l) => `${count(l)} ${l}`);
    lines.push('', `drift: ${result.drift.length} case result(s) dropped since the baseline (${parts.join(', ')})`);
  }
  if (options.verdict !== false) {
    lines.push('', ...renderFailureList(result.suite?.notPassing ?? [], painter(false), options.width ?? DEFAULT_WIDTH));
    if (lines.at(-1) !== '') lines.push('');
    lines.push(`${gateHeadline(result)} (exit code ${result.exitCode})`);
  }
  return `${lines.join('\n')}\n`;
}
