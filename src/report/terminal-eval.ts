/** The layer 1 part of the terminal summary: per-model scores, the cases below their floor, the matrix. */

import type { Paint } from './ansi.js';
import { confusionLines } from './terminal-confusions.js';
import { paraphraseLines } from './terminal-paraphrases.js';
import { mrtrRoundLines } from './eval-rounds.js';
import { safe } from './terminal-escape.js';
import type { EvalCaseResult, EvalReport, EvalSummary, ModelTelemetry } from './model.js';
import { percent, usd } from './format.js';
import { plural } from '../shared/plural.js';

function modelLabel(id: string, report: EvalReport): string {
  const kind = report.models.find((m) => m.id === id)?.kind;
  return kind === 'lexical-baseline' ? `${id} (lexical baseline, not an LLM)` : id;
}

function scoreLine(s: EvalSummary): string {
  const completion = s.completionRate === null ? 'not measured' : percent(s.completionRate);
  return [
    `selection ${percent(s.selectionAccuracy)}`,
    `over-activation ${percent(s.overActivationRate)}`,
    `arguments ${percent(s.argumentAccuracy)}`,
    `sequence ${percent(s.sequenceAccuracy)}`,
    `completion ${completion}`,
    `pass^k ${percent(s.passHatK)}`,
  ].join(' · ');
}

function telemetryLine(t: ModelTelemetry | undefined): string {
  if (!t) return '';
  const latency = (label: string, f: ModelTelemetry['modelCallMs']): string =>
    f ? `${label} p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms` : `${label} n/a`;
  const tokens =
    t.tokens.input === null ? 'tokens unknown' : `${t.tokens.input + (t.tokens.output ?? 0)} tokens (${t.tokens.perRun} per run)`;
  const cost =
    t.cost.usd === null
      ? `cost unknown (${t.cost.priceSource})`
      : `cost ${usd(t.cost.usd)} (${usd(t.cost.perRunUsd)} per run, ${usd(t.cost.spentUsd)} spent now)`;
  return `${latency('model call', t.modelCallMs)} · ${latency('tool call', t.toolCallMs)} · ${tokens} · ${cost}`;
}

function modelTable(report: EvalReport, paint: Paint): string[] {
  const header = `  ${'model'.padEnd(28)} ${'passed'.padEnd(8)} ${'select'.padEnd(7)} ${'run p50'.padEnd(10)} ${'run p95'.padEnd(10)} ${'tok/run'.padEnd(8)} cost/run`;
  const rows = report.matrix.models.map((m) => {
    const s = report.perModel[m];
    const t = report.telemetry[m];
    return `  ${m.slice(0, 28).padEnd(28)} ${`${s?.passed ?? 0}/${s?.cases ?? 0}`.padEnd(8)} ${percent(s?.selectionAccuracy ?? null).padEnd(7)} ${`${t?.runMs?.p50 ?? 'n/a'} ms`.padEnd(10)} ${`${t?.runMs?.p95 ?? 'n/a'} ms`.padEnd(10)} ${String(t?.tokens.perRun ?? 'n/a').padEnd(8)} ${usd(t?.cost.perRunUsd ?? null)}`;
  });
  return [paint('bold', 'models side by side'), header, ...rows, ''];
}

function caseLine(c: EvalCaseResult, paint: Paint): string {
  const mark = c.status === 'pass' ? paint('green', '✓') : c.status === 'error' ? paint('magenta', 'E') : paint('red', '✗');
  const flaky = c.flaky ? paint('yellow', ' flaky') : '';
  return `  ${mark} ${safe(c.id)} [${c.kind}]${flaky}  ${safe(c.message)}  ${paint('dim', safe(c.source))}`;
}

function matrix(report: EvalReport, paint: Paint): string[] {
  const width = Math.max(4, ...report.matrix.rows.map((r) => r.id.length));
  const header = `  ${'case'.padEnd(width)}  ${report.matrix.models.map((m) => m.slice(0, 18).padEnd(18)).join(' ')}`;
  const rows = report.matrix.rows.map((row) => {
    const cells = report.matrix.models.map((m) => {
      const cell = row.cells[m];
      if (!cell) return ''.padEnd(18);
      const text = `${cell.status === 'error' ? 'error' : `${cell.passes}/${cell.runs}`}${cell.flaky ? ' ~' : ''}`.padEnd(18);
      return paint(cell.status === 'pass' ? 'green' : cell.status === 'error' ? 'magenta' : 'red', text);
    });
    return `  ${safe(row.id).padEnd(width)}  ${cells.join(' ')}`;
  });
  return [paint('bold', 'case x model (passes/runs, ~ flaky)'), header, ...rows, ''];
}

export function renderEvalSection(report: EvalReport, paint: Paint, verbose: boolean): string[] {
  const lines: string[] = [paint('bold', 'behaviour (layer 1)')];
  lines.push(
    `  golden  ${safe(report.golden.file)} (${plural(report.golden.cases, 'case')}), ${report.settings.runs} runs each, at most ${report.settings.maxSteps} model steps per turn`,
  );
  lines.push(`  judge   ${report.judge ? safe(report.judge.id) : 'none: task completion not measured (--judge provider:model)'}`);
  lines.push('');
  for (const model of report.matrix.models) {
    const s = report.perModel[model];
    if (!s) continue;
    lines.push(paint('bold', modelLabel(model, report)));
    lines.push(
      `  ${s.passed}/${s.cases} cases passed, ${s.failed} failed, ${s.flaky} flaky${s.errored ? `, ${s.errored} errors` : ''}; ${s.providerCalls} provider calls, ${s.cacheHits} cache hits, ${s.inputTokens + s.outputTokens} tokens`,
    );
    lines.push(`  ${scoreLine(s)}`);
    lines.push(`  ${telemetryLine(report.telemetry[model])}`);
    const shown = report.cases.filter((c) => c.model === model && (verbose || c.status !== 'pass' || c.flaky));
    lines.push(...shown.flatMap((c) => [caseLine(c, paint), ...mrtrRoundLines(c).map((line) => paint('dim', `      ${safe(line)}`))]));
    lines.push('');
  }
  if (report.matrix.models.length > 1) lines.push(...modelTable(report, paint), ...matrix(report, paint));
  lines.push(...confusionLines(report, paint, verbose));
  lines.push(...paraphraseLines(report, paint, verbose));
  return lines;
}
