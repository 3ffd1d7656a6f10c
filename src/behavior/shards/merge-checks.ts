/** What must agree across the shards of one run, and the keys a merge carries over unchanged. */

import type { CheckResult, EvalReport, Report } from '../../report/model.js';
import { ROBUSTNESS_AREA } from '../../report/constants.js';
import { canonicalJson } from '../../shared/canonical-json.js';
import { cutToFit } from '../../shared/cut.js';
import { EXIT } from '../../shared/exit-codes.js';

export class MergeError extends Error {}

export interface Shard {
  file: string;
  report: Report;
  eval: EvalReport & { shard: { index: number; count: number } };
}

export function asShard(file: string, report: Report): Shard {
  const shard = report.eval?.shard;
  // `run --shard` stops after layer 0 when the server did not answer: its report holds no eval to merge.
  const { exitCode, reason } = report.verdict;
  if (!report.eval && (exitCode === EXIT.unreachable || exitCode === EXIT.missingCredentials))
    throw new MergeError(
      `${file} is a shard that could not test the server (exit code ${exitCode}: ${cutToFit(reason, 120)}); run that shard again`,
    );
  if (!report.eval || !shard)
    throw new MergeError(`${file} is not a shard report (no eval.shard; run mcpgate eval or mcpgate run with --shard i/n)`);
  return { file, report, eval: { ...report.eval, shard } };
}

/** Shards 1..n, each exactly once, all of the same n. */
export function checkShardSet(shards: Shard[]): void {
  const counts = [...new Set(shards.map((s) => s.eval.shard.count))];
  if (counts.length > 1)
    throw new MergeError(
      `the shards come from different splits: ${shards.map((s) => `${s.file} is ${s.eval.shard.index}/${s.eval.shard.count}`).join(', ')}`,
    );
  const count = counts[0]!;
  for (let index = 1; index <= count; index++) {
    const files = shards.filter((s) => s.eval.shard.index === index).map((s) => s.file);
    if (files.length === 0) throw new MergeError(`shard ${index}/${count} is missing`);
    if (files.length > 1) throw new MergeError(`shard ${index}/${count} is given twice: ${files.join(', ')}`);
  }
}

type Reading = [label: string, read: (s: Shard) => unknown];

/*
 * What defines a run. The endpoint is left out (each runner starts its server on a port of its own);
 * the server's identity is its fingerprint and serverInfo.
 */
const RUN_DEFINITION: Reading[] = [
  ['mcpgate version', (s) => s.report.tool.version],
  ['report schema version', (s) => s.report.schemaVersion],
  ['golden set', (s) => [s.eval.golden.sha256, s.eval.golden.cases]],
  ['models', (s) => s.eval.models],
  ['judge', (s) => s.eval.judge],
  ['settings', (s) => s.eval.settings],
  ['server', (s) => [s.report.target.transport, s.report.target.era, s.report.target.serverInfo, s.report.target.fingerprint]],
  ['options', (s) => s.report.options],
  [
    'prices',
    (s) => Object.entries(s.eval.telemetry).map(([model, t]) => [model, t.cost.inputPerMTok, t.cost.outputPerMTok, t.cost.priceSource]),
  ],
];

export function checkSameRun(first: Shard, other: Shard): void {
  for (const [label, read] of RUN_DEFINITION) {
    const a = canonicalJson(read(first));
    const b = canonicalJson(read(other));
    if (a !== b)
      throw new MergeError(
        `${other.file} is not of the same run as ${first.file} (different ${label}: ${cutToFit(a, 60)} vs ${cutToFit(b, 60)})`,
      );
  }
}

/**
 * The check results of the shards that ran layer 0; they must agree check by check. `mcpgate run
 * --shard` runs layer 2 in shard 1 alone, and its probes join that shard's checks: the shard with a
 * chaos section may hold checks the others lack (theirs must all be in it, with the same verdicts),
 * and it is the one whose checks the merged report takes. Shards that ran the same layers must hold
 * the same checks.
 */
export function agreedChecks(shards: Shard[]): Shard | undefined {
  const withChecks = shards.filter((s) => s.report.checks.length > 0);
  const first = withChecks.find((s) => s.report.chaos !== undefined) ?? withChecks[0];
  if (!first) return undefined;
  const verdicts = (s: Shard): Map<string, string> =>
    new Map(s.report.checks.map((c: CheckResult) => [c.id, `${c.level} ${c.status}${c.expectedFailure ? ' (expected failure)' : ''}`]));
  const reference = verdicts(first);
  for (const other of withChecks.filter((s) => s !== first)) {
    const seen = verdicts(other);
    // The layer 2 shard's robustness probes are its own; every layer 0 check is in every shard.
    const onlyLayer2Apart = first.report.chaos !== undefined && other.report.chaos === undefined;
    const layer0 = first.report.checks.filter((c) => !onlyLayer2Apart || c.area !== ROBUSTNESS_AREA).map((c) => c.id);
    const ids = new Set([...layer0, ...seen.keys()]);
    for (const id of ids) {
      if (reference.get(id) !== seen.get(id)) {
        throw new MergeError(
          `the shards disagree on check ${id}: ${reference.get(id) ?? 'not run'} in ${first.file}, ${seen.get(id) ?? 'not run'} in ${other.file}`,
        );
      }
    }
  }
  return first;
}

/**
 * Keys a later layer adds (beside the ones the merge knows) are carried over when every shard that
 * has them agrees, so merging never drops a section silently; a disagreement is an error.
 */
export function carriedKeys(shards: Shard[], read: (s: Shard) => object, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const from: Record<string, string> = {};
  for (const shard of shards) {
    for (const [key, value] of Object.entries(read(shard))) {
      if (known.has(key) || value === undefined) continue;
      if (key in out && canonicalJson(out[key]) !== canonicalJson(value))
        throw new MergeError(`the shards disagree on "${key}" (${from[key]} vs ${shard.file}); mcpgate cannot merge that section`);
      out[key] = value;
      from[key] ??= shard.file;
    }
  }
  return out;
}
