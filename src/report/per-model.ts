/**
 * The per-model score table of layer 1, computed once for the HTML report and the Markdown summary,
 * so the two cannot show one model different figures. Cells are plain text: each renderer escapes
 * them for its format and picks the columns it has room for.
 */

import { ms, percent, usd } from './format.js';
import type { MetricName } from './metric-terms.js';
import type { EvalReport } from './model.js';

export const PER_MODEL_HEADERS = {
  passed: 'Passed',
  selection: 'Selection',
  overActivation: 'Over-activation',
  arguments: 'Arguments',
  sequence: 'Sequence',
  completion: 'Completion',
  passHatK: 'pass^k',
  tokensPerRun: 'Tokens per run',
  cost: 'Cost',
  runP50: 'Run p50',
  runP95: 'Run p95',
} as const;

export type PerModelColumn = keyof typeof PER_MODEL_HEADERS;

/** The columns that are a metric of metric-terms.ts, so a format can define them where they appear. */
export const PER_MODEL_METRICS: Partial<Record<PerModelColumn, MetricName>> = {
  selection: 'selectionAccuracy',
  overActivation: 'overActivationRate',
  arguments: 'argumentAccuracy',
  sequence: 'sequenceAccuracy',
  completion: 'completionRate',
  passHatK: 'passHatK',
};

export interface PerModelRow {
  /** mcpgate's offline lexical baseline, not an LLM: renderers label it so. */
  lexicalBaseline: boolean;
  cells: Record<PerModelColumn, string>;
}

export function perModelRow(ev: EvalReport, id: string): PerModelRow {
  const s = ev.perModel[id];
  const t = ev.telemetry[id];
  return {
    lexicalBaseline: ev.models.find((m) => m.id === id)?.kind === 'lexical-baseline',
    cells: {
      passed: s ? `${s.passed}/${s.cases}` : 'n/a',
      selection: percent(s?.selectionAccuracy),
      overActivation: percent(s?.overActivationRate),
      arguments: percent(s?.argumentAccuracy),
      sequence: percent(s?.sequenceAccuracy),
      // null: nothing was judged (the judge is optional), which must not read like a missing model.
      completion: s?.completionRate === null ? 'not measured' : percent(s?.completionRate),
      passHatK: percent(s?.passHatK),
      tokensPerRun: t === undefined || t.tokens.perRun === null ? 'unknown' : String(t.tokens.perRun),
      cost: usd(t?.cost.usd),
      runP50: ms(t?.runMs?.p50),
      runP95: ms(t?.runMs?.p95),
    },
  };
}
