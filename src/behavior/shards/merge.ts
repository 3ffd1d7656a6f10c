/**
 * Shard reports of one eval run -> the report an unsharded run would have written, gating the same.
 * Everything that defines the run must agree (merge-checks.ts); case results are kept as measured,
 * and the figures derived from them (summaries, per-model figures, telemetry, matrix) are recomputed
 * over the merged cases. Conformance checks come from the shards that ran them, which must agree;
 * layer 2 (which `mcpgate run --shard` runs in shard 1 alone) from the shard that ran it.
 */

import { summarizeCases } from '../aggregate.js';
import { mergeConfusions } from '../confusions.js';
import { shardOfCase } from '../runner.js';
import { evalVerdict } from '../verdict.js';
import { EXIT } from '../../shared/exit-codes.js';
import type { EvalCaseResult, EvalReport, Report, Verdict } from '../../report/model.js';
import { modelTelemetry } from '../../telemetry/eval-telemetry.js';
import type { PriceTable } from '../../telemetry/prices.js';
import { agreedChecks, asShard, carriedKeys, checkSameRun, checkShardSet, MergeError, type Shard } from './merge-checks.js';

export { MergeError } from './merge-checks.js';

const REPORT_KEYS = new Set([
  'schemaVersion',
  'tool',
  'startedAt',
  'durationMs',
  'target',
  'checks',
  'summary',
  'verdict',
  'options',
  'eval',
]);
const EVAL_KEYS = new Set([
  'golden',
  'models',
  'judge',
  'settings',
  'cases',
  'summary',
  'perModel',
  'telemetry',
  'matrix',
  'confusions',
  'shard',
]);

export function mergeShards(inputs: Array<{ file: string; report: Report }>): Report {
  if (inputs.length === 0) throw new MergeError('give the shard reports to merge');
  const shards = inputs.map((i) => asShard(i.file, i.report)).sort((a, b) => a.eval.shard.index - b.eval.shard.index);
  checkShardSet(shards);
  const first = shards[0]!;
  for (const other of shards.slice(1)) checkSameRun(first, other);
  const evalReport: EvalReport = {
    ...(carriedKeys(shards, (s) => s.eval, EVAL_KEYS) as object),
    ...mergedEval(shards, mergedCases(shards)),
  };
  const checked = agreedChecks(shards);
  const starts = shards.map((s) => Date.parse(s.report.startedAt));
  const ends = shards.map((s, i) => starts[i]! + s.report.durationMs);
  const merged: Report = {
    ...(carriedKeys(shards, (s) => s.report, REPORT_KEYS) as object),
    schemaVersion: first.report.schemaVersion,
    tool: first.report.tool,
    startedAt: new Date(Math.min(...starts)).toISOString(),
    durationMs: Math.max(...ends) - Math.min(...starts),
    target: first.report.target,
    checks: checked?.report.checks ?? [],
    summary: (checked ?? first).report.summary,
    verdict: { exitCode: EXIT.pass, reason: '' },
    options: first.report.options,
    eval: evalReport,
  };
  merged.verdict = mergedVerdict(shards, merged, checked);
  return merged;
}

/** Cases in model order, each model's cases in shard order; no case twice, each in its own shard. */
function mergedCases(shards: Shard[]): EvalCaseResult[] {
  const owner = new Map<string, string>();
  for (const shard of shards) {
    const { index, count } = shard.eval.shard;
    for (const c of shard.eval.cases) {
      const key = `${c.id}@${c.model}`;
      if (owner.has(key)) throw new MergeError(`case ${key} is in both ${owner.get(key)} and ${shard.file}`);
      owner.set(key, shard.file);
      const home = shardOfCase(c.id, count);
      if (home !== index)
        throw new MergeError(
          `case ${c.id} in ${shard.file} (shard ${index}/${count}) belongs to shard ${home}/${count}: the shards were split differently`,
        );
    }
  }
  const cases = shards.flatMap((s) => s.eval.cases);
  const ids = new Set(cases.map((c) => c.id));
  const expected = shards[0]!.eval.golden.cases;
  if (ids.size !== expected) throw new MergeError(`the shards hold ${ids.size} of the golden set's ${expected} cases`);
  return shards[0]!.eval.models.flatMap((m) => cases.filter((c) => c.model === m.id));
}

function mergedEval(shards: Shard[], cases: EvalCaseResult[]): EvalReport {
  const first = shards[0]!.eval;
  const calls = (
    read: (s: Shard) => { providerCalls: number; cacheHits: number } | undefined,
  ): { providerCalls: number; cacheHits: number } =>
    shards.reduce(
      (t, s) => ({ providerCalls: t.providerCalls + (read(s)?.providerCalls ?? 0), cacheHits: t.cacheHits + (read(s)?.cacheHits ?? 0) }),
      { providerCalls: 0, cacheHits: 0 },
    );
  const models = first.models.map((m) => m.id);
  const prices = priceTableOf(first);
  const pricedAt = Object.values(first.telemetry)[0]?.cost.pricedAt ?? new Date().toISOString();
  return {
    golden: first.golden,
    models: first.models,
    judge: first.judge,
    settings: first.settings,
    cases,
    summary: summarizeCases(
      cases,
      calls((s) => s.eval.summary),
    ),
    perModel: Object.fromEntries(
      models.map((m) => [
        m,
        summarizeCases(
          cases.filter((c) => c.model === m),
          calls((s) => s.eval.perModel[m]),
        ),
      ]),
    ),
    telemetry: Object.fromEntries(models.map((m) => [m, modelTelemetry(cases, m, prices, pricedAt)])),
    // Case ids are disjoint across shards, so the matrix is the shards' rows side by side.
    matrix: { models, rows: shards.flatMap((s) => s.eval.matrix.rows) },
    confusions: mergeConfusions(
      models,
      shards.map((s) => s.eval.confusions),
    ),
  };
}

/**
 * The prices the shards used (they agree; merge-checks compares them), read back from the telemetry
 * so the merged cost is priced exactly as each shard was.
 */
function priceTableOf(evalReport: EvalReport): PriceTable {
  const entries = Object.entries(evalReport.telemetry);
  const priced = entries.filter(([, t]) => t.cost.inputPerMTok !== null && t.cost.outputPerMTok !== null);
  const unpriced = entries.find(([, t]) => t.cost.inputPerMTok === null);
  const source =
    priced[0]?.[1].cost.priceSource ?? (unpriced ? unpriced[1].cost.priceSource.replace(`no price for ${unpriced[0]} in `, '') : 'unknown');
  return {
    source,
    prices: Object.fromEntries(
      priced.map(([model, t]) => [model, { inputPerMTok: t.cost.inputPerMTok!, outputPerMTok: t.cost.outputPerMTok! }]),
    ),
  };
}

/**
 * A shard that lost its server (3) or its credentials (4) decides the merged verdict; otherwise the
 * eval verdict over the merged cases when it fails, else the verdict of the shard with the checks
 * when it did not pass (layer 0, and for `mcpgate run --shard` its layer 2 too), else the eval's.
 * The merged eval goes first: a run shard's own verdict also judged its part of the cases only.
 */
function mergedVerdict(shards: Shard[], merged: Report, checked: Shard | undefined): Verdict {
  const broken = shards.find(
    (s) => s.report.verdict.exitCode === EXIT.unreachable || s.report.verdict.exitCode === EXIT.missingCredentials,
  );
  if (broken) return broken.report.verdict;
  const fingerprint = merged.target.fingerprint ?? { toolsSha256: 'unknown', toolCount: 0 };
  const evaluated = evalVerdict({ report: merged.eval!, fingerprint });
  const conformance = checked?.report.verdict;
  if (evaluated.exitCode === EXIT.gateFailed) return evaluated;
  if (conformance?.exitCode === EXIT.gateFailed) return conformance;
  if (conformance && conformance.exitCode !== EXIT.pass) return conformance;
  return evaluated;
}
