/**
 * A golden case's content hash: what the case asks and how it is scored, so the gate can tell an
 * unchanged case from an edited one with the same id. It covers the prompt turns, the expected tool
 * or sequence, the argument expectations, the forbidden tools, the rubric, the kind, the runs and
 * min_passes of the case (the file's defaults folded in), the scripted input answers and the expected
 * input. Left out on purpose: the id (matched on its own), tags and the source line (moving a case or
 * retagging it changes nothing it measures), and `draft` (drafts are not run).
 *
 * The hashed shape is part of the gate's contract: a field added here makes every case of an older
 * baseline read as changed once, so only add what changes a score.
 */

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json.js';
import type { GoldenCase } from '../types.js';

export function caseSha256(c: GoldenCase): string {
  const scored = {
    turns: c.turns,
    expect: c.expect,
    expectArgs: c.expectArgs,
    forbidTools: c.forbidTools,
    rubric: c.rubric ?? null,
    kind: c.kind,
    runs: c.runs ?? null,
    minPasses: c.minPasses ?? null,
    inputs: c.inputs ?? null,
    expectInput: c.expectInput ?? null,
  };
  return createHash('sha256').update(canonicalJson(scored)).digest('hex');
}
