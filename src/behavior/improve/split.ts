/**
 * The split that makes improve's proof hold outside the cases it learned from: the golden set is cut
 * into cases a proposer may see and cases it never sees, stratified by expected first tool (each tool's
 * cases, and the negative cases, spread over the parts in proportion) and seeded (the order within a
 * stratum is a hash of the seed and the case id, so the split does not depend on the file's order and
 * a run is reproduced by its seed).
 *
 * A large set gets one hold-out part (`--holdout`, 30% by default). A small one gets k folds
 * (`--folds`, 3 by default), tried in turn: with few cases per tool a single hold-out would leave most
 * confusions with no unseen case at all, while k folds hold every case out once. Below SMALL_SET cases
 * a 30% hold-out leaves fewer than 12 unseen cases for the whole server, so that is where k-fold starts.
 */

import { createHash } from 'node:crypto';
import { usageError } from '../../shared/input-error.js';
import { expectedFirstTool } from '../confusions.js';
import type { GoldenCase } from '../types.js';

/** Fewer cases than this are split in k folds unless --holdout says otherwise. */
export const SMALL_SET = 40;
export const DEFAULT_FOLDS = 3;
export const DEFAULT_HOLDOUT = 0.3;
export const DEFAULT_SEED = 1;

export type SplitRequest = { holdout?: number; folds?: number; seed: number };

export interface Split {
  kind: 'holdout' | 'k-fold';
  seed: number;
  /** k-fold: the number of folds. */
  folds?: number;
  /** Hold-out: the fraction asked for. */
  holdout?: number;
  /** Why this kind: the flag given, or the size of the set against SMALL_SET. */
  chosen: string;
  /** The held-out parts tried in turn, each a list of case ids in the golden set's order: one for a hold-out, k for k-fold. */
  parts: string[][];
  /** Per expected first tool (null: negative cases), how many cases and how many in each part. */
  strata: Array<{ expected: string | null; cases: number; perPart: number[] }>;
}

export function splitGolden(cases: readonly GoldenCase[], request: SplitRequest): Split {
  const strata = stratify(cases, request.seed);
  const { kind, chosen } = splitKind(cases.length, request);
  const partOf = new Map<string, number>();
  let parts: number;
  if (kind === 'k-fold') {
    parts = Math.min(request.folds ?? DEFAULT_FOLDS, cases.length);
    // One counter over every stratum, so the folds differ in size by one case at most.
    let next = 0;
    for (const ids of strata.values()) for (const id of ids) partOf.set(id, next++ % parts);
  } else {
    parts = 1;
    for (const id of heldOut(strata, request.holdout ?? DEFAULT_HOLDOUT, cases.length)) partOf.set(id, 0);
  }
  const order = cases.map((c) => c.id);
  const lists = Array.from({ length: parts }, (_, part) => order.filter((id) => partOf.get(id) === part));
  if (cases.length < 2 || lists.some((l) => l.length === 0 || l.length === cases.length))
    throw usageError(
      kind === 'k-fold'
        ? `the golden set has ${cases.length} case(s): too few to hold any out and learn from the rest; add cases`
        : `--holdout ${request.holdout ?? DEFAULT_HOLDOUT} of ${cases.length} case(s) leaves no case ${lists[0]!.length === 0 ? 'held out' : 'to learn from'}: change it, or use --folds`,
    );
  return {
    kind,
    seed: request.seed,
    ...(kind === 'k-fold' ? { folds: parts } : { holdout: request.holdout ?? DEFAULT_HOLDOUT }),
    chosen,
    parts: lists,
    strata: [...strata].map(([expected, ids]) => ({
      expected,
      cases: ids.length,
      perPart: lists.map((_, part) => ids.filter((id) => partOf.get(id) === part).length),
    })),
  };
}

function splitKind(size: number, request: SplitRequest): { kind: Split['kind']; chosen: string } {
  if (request.holdout !== undefined) return { kind: 'holdout', chosen: '--holdout' };
  if (request.folds !== undefined) return { kind: 'k-fold', chosen: '--folds' };
  return size < SMALL_SET
    ? { kind: 'k-fold', chosen: `${size} cases, fewer than ${SMALL_SET}: k-fold` }
    : { kind: 'holdout', chosen: `${size} cases, ${SMALL_SET} or more: one hold-out` };
}

/** Expected first tool -> case ids in the seeded order; strata by tool name, negative cases last. */
function stratify(cases: readonly GoldenCase[], seed: number): Map<string | null, string[]> {
  const byTool = new Map<string | null, string[]>();
  for (const c of cases) {
    const tool = expectedFirstTool(c);
    byTool.set(tool, [...(byTool.get(tool) ?? []), c.id]);
  }
  const rank = (id: string): string => createHash('sha256').update(`${seed}\u0000${id}`).digest('hex');
  const keys = [...byTool.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return new Map(keys.map((k) => [k, [...byTool.get(k)!].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0))]));
}

/**
 * round(fraction x size) cases, each stratum giving its share: the whole part of its quota, then one
 * more for the strata with the largest remainders (ties in stratum order) until the total is reached.
 */
function heldOut(strata: Map<string | null, string[]>, fraction: number, size: number): string[] {
  const entries = [...strata.values()].map((ids, i) => ({ ids, i, quota: ids.length * fraction }));
  const counts = entries.map((e) => Math.floor(e.quota));
  let missing = Math.round(fraction * size) - counts.reduce((a, b) => a + b, 0);
  for (const e of [...entries].sort((a, b) => b.quota - Math.floor(b.quota) - (a.quota - Math.floor(a.quota)) || a.i - b.i)) {
    if (missing <= 0) break;
    if (counts[e.i]! < e.ids.length) {
      counts[e.i]!++;
      missing--;
    }
  }
  return entries.flatMap((e) => e.ids.slice(0, counts[e.i]));
}
