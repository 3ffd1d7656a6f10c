/**
 * Markdown summary for GitHub step summaries and PR comments: the verdict first, then only what needs
 * a reader's attention, with the full lists folded away. Server text is shown literally, never as markup.
 */

import { coverageLine } from './coverage-line.js';
import { confusionMarkdown } from './markdown-confusions.js';
import { paraphraseMarkdown } from './markdown-paraphrases.js';
import { mrtrMarkdown } from './markdown-rounds.js';
import type { CheckResult, EvalReport, HistoryEntry, Report, Status } from './model.js';
import { chaosMarkdown } from './markdown-chaos.js';
import { evalFailuresMarkdown } from './markdown-eval-failures.js';
import { sameFingerprint } from './gate-facts.js';
import { gateMarkdown } from './markdown-gate.js';
import { code, link, md, table } from './markdown-text.js';
import { stateFindingsMarkdown } from './markdown-state-findings.js';
import { PER_MODEL_HEADERS, perModelRow, type PerModelColumn } from './per-model.js';
import { notPassing, verdictHeadline } from './suite-state.js';
import { inPercent } from './format.js';

/** GitHub rejects comments over 65536 characters; the margin leaves room for a caller's own header. */
export const MARKDOWN_MAX_CHARS = 60_000;
/** Lists are re-rendered with fewer rows until the whole summary fits. */
const ROW_LIMITS = [200, 60, 20, 5] as const;
const MAX_MODEL_COLUMNS = 8;
/** The coverage line is a paragraph, not a cell: longer than a cell, but bounded (its capped entries are a list). */
const COVERAGE_MAX_CHARS = 2_000;
/** The HTML table's columns but tokens per run: a PR comment has less width. */
const MODEL_TABLE_COLUMNS: readonly PerModelColumn[] = [
  'passed',
  'selection',
  'overActivation',
  'arguments',
  'sequence',
  'completion',
  'passHatK',
  'cost',
  'runP50',
  'runP95',
];

/** Most urgent first: what fails the gate, then what mcpgate could not judge, then warnings. */
const ATTENTION: Partial<Record<Status, number>> = { fail: 0, error: 1, not_measured: 2, warn: 3 };

export function renderMarkdown(report: Report, history: HistoryEntry[] = []): string {
  let text = '';
  for (const rows of ROW_LIMITS) {
    text = compose(report, history, rows);
    if (text.length <= MARKDOWN_MAX_CHARS) return text;
  }
  // Only pathological input gets here (thousands of model columns); cut at a line, never mid-entity.
  const cut = text.lastIndexOf('\n', MARKDOWN_MAX_CHARS - 200);
  return `${text.slice(0, cut)}\n\n… ${text.length - cut} more characters: see the JSON report\n`;
}

function compose(report: Report, history: HistoryEntry[], rows: number): string {
  const parts = [verdictLines(report), notPassingSection(report, rows), gateMarkdown(report, rows), conformance(report, rows)];
  if (report.eval) parts.push(behaviour(report.eval, rows), evalFailuresMarkdown(report.eval, rows));
  if (report.chaos) parts.push(chaosMarkdown(report.chaos, rows));
  parts.push(stateFindingsMarkdown(report, rows));
  if (history.length > 0) parts.push(delta(report, history, rows));
  return `${parts
    .filter((p) => p.length > 0)
    .map((p) => p.join('\n'))
    .join('\n\n')}\n`;
}

function verdictLines(report: Report): string[] {
  const { verdict, target } = report;
  const server = target.serverInfo ? `${md(target.serverInfo.name)} ${md(target.serverInfo.version)} at ` : '';
  const versions = target.supportedVersions?.length ? `, ${md(target.supportedVersions.join(', '))}` : '';
  return [
    `## mcpgate: ${md(verdictHeadline(report))} (exit code ${verdict.exitCode})`,
    '',
    `${server}${code(target.endpoint)} over ${target.transport} (era ${target.era}${versions}) · mcpgate ${md(report.tool.version)} · ${md(report.startedAt)}`,
  ];
}

/** Everything that did not pass, whatever the decision: one section below the verdict. */
function notPassingSection(report: Report, rows: number): string[] {
  const items = notPassing(report);
  if (items.length === 0) return [];
  const lines = [`### Not passing (${items.length})`, ''];
  lines.push(...items.slice(0, rows).map((item) => `- ${code(item.id)}: ${md(item.detail)} (${md(item.status)})`));
  if (items.length > rows) lines.push(`- … ${items.length - rows} more in the JSON report`);
  return lines;
}

function conformance(report: Report, rows: number): string[] {
  if (report.checks.length === 0) return [];
  const { summary } = report;
  const counts = Object.entries(summary.byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status.replace('_', ' ')}`);
  const lines = ['### Conformance (layer 0)', '', `${summary.total} checks: ${counts.join(', ')}.`];
  if (report.coverage) lines.push('', md(coverageLine(report.coverage), COVERAGE_MAX_CHARS));
  for (const id of summary.staleExpectedFailures) {
    lines.push(
      '',
      `Stale expected failure: ${code(id)} passes now; remove it from ${md(report.options.expectedFailuresFile ?? 'the expected-failures file')}.`,
    );
  }
  const attention = report.checks
    .filter((c) => c.status in ATTENTION)
    .sort((a, b) => (ATTENTION[a.status] ?? 9) - (ATTENTION[b.status] ?? 9));
  if (attention.length > 0) {
    lines.push('', ...table(['Status', 'Check', 'Level', 'Message', 'Spec'], attention.map(attentionRow), rows));
  }
  const all = table(
    ['Status', 'Check', 'Level', 'Title'],
    report.checks.map((c) => [statusText(c), code(c.id), c.level, md(c.title)]),
    rows,
  );
  lines.push('', `<details><summary>All ${report.checks.length} checks</summary>`, '', ...all, '', '</details>');
  return lines;
}

function attentionRow(check: CheckResult): string[] {
  const fix = check.fix ? ` Fix: ${md(check.fix)}` : '';
  return [statusText(check), code(check.id), check.level, `${md(check.message)}${fix}`, link('spec', check.specRef)];
}

function statusText(check: CheckResult): string {
  const status = check.status.replace('_', ' ');
  return check.expectedFailure && check.status !== 'pass' ? `${status} (expected)` : status;
}

function behaviour(ev: EvalReport, rows: number): string[] {
  const judge = ev.judge ? `judge ${code(ev.judge.id)}` : 'no judge: task completion not measured';
  const lines = [
    '### Behaviour (layer 1)',
    '',
    `${ev.summary.passed}/${ev.summary.cases} cases passed, ${ev.summary.failed} failed, ${ev.summary.flaky} flaky, ${ev.summary.errored} errors · golden ${md(ev.golden.file)} (${ev.golden.cases} cases, ${ev.settings.runs} runs each) · ${judge}`,
    '',
    ...table(
      ['Model', ...MODEL_TABLE_COLUMNS.map((c) => PER_MODEL_HEADERS[c])],
      ev.matrix.models.map((id) => modelRow(ev, id)),
      rows,
    ),
  ];
  const models = ev.matrix.models.slice(0, MAX_MODEL_COLUMNS);
  const hiddenModels = ev.matrix.models.length - models.length;
  const matrixRows = ev.matrix.rows.map((row) => [md(row.id), ...models.map((m) => cellText(row.cells[m]))]);
  lines.push('', '<details><summary>Case x model (passes/runs)</summary>', '', ...table(['Case', ...models.map(md)], matrixRows, rows));
  if (hiddenModels > 0) lines.push('', `… ${hiddenModels} more models in the JSON report`);
  lines.push('', '</details>');
  lines.push(...confusionMarkdown(ev, rows, md));
  lines.push(...paraphraseMarkdown(ev, rows, md));

  const flaky = ev.cases.filter((c) => c.flaky);
  if (flaky.length > 0) {
    lines.push('', `**Flaky cases** (passed some runs, not all):`, '');
    lines.push(
      ...flaky.slice(0, rows).map((c) => `- ${md(c.id)} with ${md(c.model)}: ${c.passes}/${c.runs} (${c.status}) ${md(c.message)}`),
    );
    if (flaky.length > rows) lines.push(`- … ${flaky.length - rows} more`);
  }
  lines.push(...mrtrMarkdown(ev, md, rows));
  return lines;
}

function modelRow(ev: EvalReport, id: string): string[] {
  const { lexicalBaseline, cells } = perModelRow(ev, id);
  return [`${md(id)}${lexicalBaseline ? ' (lexical baseline)' : ''}`, ...MODEL_TABLE_COLUMNS.map((c) => md(cells[c]))];
}

function cellText(cell: EvalReport['matrix']['rows'][number]['cells'][string] | undefined): string {
  if (!cell) return '—';
  if (cell.status === 'error') return 'error';
  const notes = [cell.status === 'fail' ? 'fail' : '', cell.flaky ? 'flaky' : ''].filter(Boolean).join(', ');
  return `${cell.passes}/${cell.runs}${notes ? ` (${notes})` : ''}`;
}

/** The change per case against the newest green run before this one (what `gate` compares with). */
function delta(report: Report, history: HistoryEntry[], rows: number): string[] {
  const base = history.filter((h) => h.green && h.startedAt < report.startedAt).sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
  if (!base) return ['### Since the last green run', '', 'No earlier green run in the history to compare with.'];
  const lines = [
    '### Since the last green run',
    '',
    `Compared with run ${md(base.runId)} of ${md(base.startedAt)}. ${fingerprintNote(report, base)}`,
  ];

  const before = new Map(base.cases.map((c) => [`${c.id}\u0000${c.model}`, c]));
  const changed: Array<{ cells: string[]; change: number }> = [];
  let unchanged = 0;
  for (const c of report.eval?.cases ?? []) {
    const then = before.get(`${c.id}\u0000${c.model}`);
    before.delete(`${c.id}\u0000${c.model}`);
    const change = then ? c.passRate - then.passRate : 0;
    if (then && change === 0) {
      unchanged += 1;
      continue;
    }
    const was = then ? `${then.passes}/${then.runs}` : 'new case';
    changed.push({
      change,
      cells: [
        md(c.id),
        md(c.model),
        was,
        `${c.passes}/${c.runs}`,
        then ? points(change) : '',
        then ? kindOfChange(change, report, base) : '',
      ],
    });
  }
  for (const gone of before.values())
    changed.push({ change: 0, cells: [md(gone.id), md(gone.model), `${gone.passes}/${gone.runs}`, 'not run', '', ''] });
  changed.sort((a, b) => a.change - b.change);
  if (report.eval) lines.push('', `${unchanged} cases unchanged.`);
  if (changed.length > 0)
    lines.push(
      '',
      ...table(
        ['Case', 'Model', 'Then', 'Now', 'Change', 'Kind'],
        changed.map((c) => c.cells),
        rows,
      ),
    );

  const wasPassing = new Set(base.checks.filter((c) => c.status === 'pass').map((c) => c.id));
  const newlyFailing = report.checks.filter((c) => wasPassing.has(c.id) && c.status !== 'pass' && c.status !== 'skip');
  if (newlyFailing.length > 0) {
    lines.push(
      '',
      `Checks that passed then and do not now: ${newlyFailing
        .slice(0, rows)
        .map((c) => `${code(c.id)} (${c.status})`)
        .join(', ')}${newlyFailing.length > rows ? `, … ${newlyFailing.length - rows} more` : ''}`,
    );
  }
  return lines;
}

function sameServer(report: Report, base: HistoryEntry): boolean | undefined {
  const now = report.target.fingerprint;
  const then = base.fingerprint;
  if (!now || !then) return undefined;
  return sameFingerprint(now, then);
}

function fingerprintNote(report: Report, base: HistoryEntry): string {
  const same = sameServer(report, base);
  if (same === undefined) return 'No server fingerprint to compare.';
  return same
    ? 'Server fingerprint unchanged: a drop is model drift.'
    : 'Server fingerprint changed (tools, name, version or the descriptions served in their place).';
}

function kindOfChange(change: number, report: Report, base: HistoryEntry): string {
  if (change > 0) return 'improved';
  const same = sameServer(report, base);
  return same === undefined ? 'dropped' : same ? 'model drift' : 'regression';
}

function points(change: number): string {
  const value = inPercent(change);
  return `${value > 0 ? '+' : ''}${value} pts`;
}
