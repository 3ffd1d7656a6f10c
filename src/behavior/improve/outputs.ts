/**
 * What improve hands back for review: the overrides file (YAML, a comment on each tool saying why),
 * a diff of old vs new descriptions, and the report: every trial with its evidence, and before/after
 * per case and model. Pure text and data; the command writes them.
 */

import { md } from '../../report/markdown-text.js';
import type { EvalReport } from '../../report/model.js';
import { safe } from '../../report/terminal-escape.js';
import type { ServerTool } from '../../spec/tool.js';
import { commentText, yamlValue } from '../golden-draft/yaml-text.js';
import { measure, stateKey } from './measure.js';
import type { ImproveOutcome } from './loop.js';
import type { CaseFigures, Proposer, Trial, UnreadableAnswer } from './types.js';
import { collapseWhitespace } from '../../shared/one-line.js';

/**
 * Tool names and descriptions are the server's or the proposer's text: values are written as the
 * drafted golden sets write them (JSON syntax, which is YAML's double-quoted scalar, with controls and
 * invisible characters escaped), comments on one line with every such character visible.
 */
export function overridesYaml(outcome: ImproveOutcome, proposer: Proposer): string {
  const why = acceptedWhy(outcome.trials);
  const lines = [
    `# Tool descriptions proposed by mcpgate improve (proposer ${proposer.id}${proposer.kind === 'heuristic' ? ', a lexical heuristic' : ''}).`,
    '# Serve them with --descriptions to reproduce the measured gain; review them before copying into the server.',
  ];
  for (const [tool, override] of outcome.overrides) {
    lines.push('');
    for (const reason of why.get(tool) ?? ['from the starting --descriptions file'])
      lines.push(`# ${commentText(collapseWhitespace(reason))}`);
    lines.push(`${yamlValue(tool)}:`);
    if (override.description !== undefined) lines.push(`  description: ${yamlValue(override.description)}`);
    const parameters = Object.entries(override.parameters);
    if (parameters.length > 0) {
      lines.push('  parameters:');
      for (const [name, text] of parameters) lines.push(`    ${yamlValue(name)}: ${yamlValue(text)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Old vs new description of every tool the run changed, as a unified-diff-like text; each line escaped as on a terminal. */
export function descriptionsDiff(outcome: ImproveOutcome): string {
  const why = acceptedWhy(outcome.trials);
  const server = new Map(outcome.serverTools.map((t: ServerTool) => [t.name, t.description ?? '']));
  const blocks: string[] = [];
  for (const [tool, override] of outcome.overrides) {
    if (override.description === undefined || override.description === server.get(tool)) continue;
    blocks.push(
      [
        `--- ${safe(tool)} (server)`,
        `+++ ${safe(tool)} (proposed)`,
        ...(why.get(tool) ?? []).map((w) => `# ${safe(collapseWhitespace(w))}`),
        `- ${safe(collapseWhitespace(server.get(tool) ?? ''))}`,
        `+ ${safe(collapseWhitespace(override.description))}`,
      ].join('\n'),
    );
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

export interface ImproveCaseRow {
  id: string;
  model: string;
  before: Pick<CaseFigures, 'selection' | 'passes'>;
  after?: Pick<CaseFigures, 'selection' | 'passes'>;
}

export interface ImproveReport {
  tool: 'mcpgate improve';
  proposer: { id: string; kind: Proposer['kind']; note?: string };
  models: string[];
  golden: EvalReport['golden'];
  runs: number;
  stopped: string;
  budget: { limit: number | null; providerCalls: number; exhausted: boolean };
  accepted: number;
  trials: Trial[];
  /** Proposer answers that held no proposal mcpgate could read, each with a short escaped excerpt. */
  unreadable: UnreadableAnswer[];
  /** Right picks and passes over every case, per model, before and after. */
  perModel: Array<{ model: string; before: Pick<CaseFigures, 'selection' | 'passes'>; after?: Pick<CaseFigures, 'selection' | 'passes'> }>;
  cases: ImproveCaseRow[];
}

export function improveReport(outcome: ImproveOutcome, proposer: Proposer, options: { runs: number; budget?: number }): ImproveReport {
  const before = measure(outcome.before);
  const after = outcome.after ? measure(outcome.after) : undefined;
  const models = outcome.before.models.map((m) => m.id);
  const cases: ImproveCaseRow[] = outcome.before.cases.map((c) => {
    const key = stateKey(c.model, c.id);
    const a = after?.get(key)?.figures;
    const b = before.get(key)!.figures;
    return { id: c.id, model: c.model, before: pick(b), ...(a ? { after: pick(a) } : {}) };
  });
  const sum = (rows: ImproveCaseRow[], side: 'before' | 'after'): Pick<CaseFigures, 'selection' | 'passes'> => ({
    selection: {
      k: rows.reduce((n, r) => n + (r[side]?.selection.k ?? 0), 0),
      n: rows.reduce((n, r) => n + (r[side]?.selection.n ?? 0), 0),
    },
    passes: { k: rows.reduce((n, r) => n + (r[side]?.passes.k ?? 0), 0), n: rows.reduce((n, r) => n + (r[side]?.passes.n ?? 0), 0) },
  });
  return {
    tool: 'mcpgate improve',
    proposer: {
      id: proposer.id,
      kind: proposer.kind,
      ...(proposer.kind === 'heuristic'
        ? { note: 'lexical heuristic, not a model: adds the words of misrouted prompts and "Not for" lines' }
        : {}),
    },
    models,
    golden: outcome.before.golden,
    runs: options.runs,
    stopped: outcome.stopped,
    budget: { limit: options.budget ?? null, providerCalls: outcome.providerCalls, exhausted: outcome.budgetExhausted },
    accepted: outcome.trials.filter((t) => t.accepted).length,
    trials: outcome.trials,
    unreadable: outcome.unreadable,
    perModel: models.map((model) => {
      const rows = cases.filter((r) => r.model === model);
      return { model, before: sum(rows, 'before'), ...(after ? { after: sum(rows, 'after') } : {}) };
    }),
    cases,
  };
}

function pick(f: CaseFigures): Pick<CaseFigures, 'selection' | 'passes'> {
  return { selection: f.selection, passes: f.passes };
}

function acceptedWhy(trials: Trial[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of trials.filter((x) => x.accepted))
    for (const r of t.proposal.rewrites) out.set(r.tool, [...(out.get(r.tool) ?? []), `${r.why}; ${t.reason}`]);
  return out;
}

/** The report for a pull request: each trial with its evidence, then the cases whose figures moved. */
export function improveMarkdown(report: ImproveReport): string {
  const proposer =
    report.proposer.kind === 'heuristic' ? `\`${report.proposer.id}\` (a lexical heuristic, not a model)` : `\`${report.proposer.id}\``;
  const cell = (t: { k: number; n: number }): string => `${t.k}/${t.n}`;
  const text = (s: string): string => md(s, Number.POSITIVE_INFINITY);
  const lines = [
    '### mcpgate improve',
    '',
    `Proposer ${proposer}; ${report.runs} runs per case; ${report.accepted} rewrite(s) accepted; ${report.budget.providerCalls} provider calls. ${text(report.stopped)}.`,
    '',
    '| Round | Confusion (expected → chosen) | Proposal | Right picks on its cases | Gain interval | Verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.trials.map(
      (t) =>
        `| ${t.round} | ${text(t.confusion.expected ?? 'none')} → ${text(t.confusion.chosen ?? 'none')} | ${text(t.proposal.label)} | ${cell(t.gain.before)} → ${cell(t.gain.after)} | [${t.gain.low}, ${t.gain.high}] | ${t.accepted ? 'accepted' : `rejected: ${text(t.regressions[0] ?? t.reason)}`} |`,
    ),
    ...report.unreadable.map(
      (u) =>
        `| ${u.round} | ${text(u.confusion.expected ?? 'none')} → ${text(u.confusion.chosen ?? 'none')} | no proposal: ${text(u.problem)} | | | not tested |`,
    ),
    '',
    '| Model | Right picks before | after | Passes before | after |',
    '| --- | --- | --- | --- | --- |',
    ...report.perModel.map(
      (m) =>
        `| ${text(m.model)} | ${cell(m.before.selection)} | ${m.after ? cell(m.after.selection) : 'not measured'} | ${cell(m.before.passes)} | ${m.after ? cell(m.after.passes) : 'not measured'} |`,
    ),
  ];
  const moved = report.cases.filter(
    (c) => c.after && (c.after.selection.k !== c.before.selection.k || c.after.passes.k !== c.before.passes.k),
  );
  if (moved.length > 0) {
    lines.push('', '| Case | Model | Right picks | Passes |', '| --- | --- | --- | --- |');
    for (const c of moved)
      lines.push(
        `| ${text(c.id)} | ${text(c.model)} | ${cell(c.before.selection)} → ${cell(c.after!.selection)} | ${cell(c.before.passes)} → ${cell(c.after!.passes)} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}
